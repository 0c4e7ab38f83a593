package org.example.ctors;

/** A superclass whose constructor takes an argument. */
public class Base {

    protected final int base;

    public Base(int base) {
        this.base = base;
    }
}
