package org.example.ctors;

/** Constructs the other classes as javac writes it ({@code NEW; DUP; args; INVOKESPECIAL}). */
public class Maker {

    public static Waits make(Runnable r) {
        return new Waits(r, "made");
    }

    public static Waits delegated(Runnable r) {
        return new Waits(r);
    }

    public static Waits plain(Runnable r) {
        r.run();
        return new Waits(7);
    }

    public static Child child(Runnable r) {
        return new Child(1, r);
    }
}
