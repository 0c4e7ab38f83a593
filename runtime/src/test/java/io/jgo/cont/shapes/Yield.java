package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import io.jgo.internal.coroutine.Coroutine;

/** Suspension points for the shape tests: each call yields once when running as a coroutine. */
public final class Yield {

    private Yield() {
    }

    @Goroutine
    public static void here() {
        Coroutine.suspend();
    }

    @Goroutine
    public static int i(int v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static long j(long v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static double d(double v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static float f(float v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static <T> T a(T v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static boolean z(boolean v) {
        Coroutine.suspend();
        return v;
    }

    @Goroutine
    public static String label() {
        Coroutine.suspend();
        return "label";
    }
}
