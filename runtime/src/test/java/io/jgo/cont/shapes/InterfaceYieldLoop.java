package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** {@link DeepYieldLoop} through an interface's default and static methods ({@link Walker}). */
public final class InterfaceYieldLoop extends Program implements Walker {

    public static final int DEPTH = 20;

    @Goroutine
    @Override
    public void run() {
        result = descend(DEPTH);
    }
}
