package org.example.ctors;

/** Constructors of every shape {@code ConstructorSplitTest} asks about; each body calls a function, which may suspend. */
public class Waits {

    private final int value;
    private final String name;
    private int plain;

    /** Splittable: super(), then field writes (finals among them) and a call that may suspend. */
    public Waits(Runnable r, String name) {
        this.name = name;
        r.run();
        this.value = 42;
    }

    /** Splittable: the super call's argument is computed, and a try/catch in the body only. */
    protected Waits(java.util.function.IntSupplier s) {
        super();
        int v;
        try {
            v = s.getAsInt();
        } catch (IllegalStateException e) {
            v = -1;
        }
        this.value = v;
        this.name = "s";
    }

    /** Not splittable: this(...) delegation. */
    public Waits(Runnable r) {
        this(r, "delegated");
        r.run();
        plain = pause();
    }

    /** Listed as suspendable by the test that asks for the warning. */
    static int pause() {
        return 1;
    }

    /** Not splittable: no call that may suspend after super() (nothing to split for). */
    public Waits(int value) {
        this.value = value;
        this.name = "plain";
    }

    public int value() {
        return value;
    }

    public String name() {
        return name;
    }

    public int plain() {
        return plain;
    }
}
