package org.example.ctors;

/** Serializable without a serialVersionUID: not split (a public factory and lost finals would change the default one). */
public class SerialWaits implements java.io.Serializable {

    private final int value;

    public SerialWaits(Runnable r) {
        r.run();
        this.value = 1;
    }

    public int value() {
        return value;
    }
}
