package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Recursive suspendable methods: every level suspends. */
public final class Recursion extends Program {

    @Goroutine
    @Override
    public void run() {
        result = fib(12) + "," + sumDown(200);
    }

    @Goroutine
    static int fib(int n) {
        if (n < 2) {
            return Yield.i(n);
        }
        return fib(n - 1) + fib(n - 2);
    }

    @Goroutine
    static long sumDown(int n) {
        if (n == 0) {
            return 0;
        }
        Yield.here();
        return n + sumDown(n - 1);
    }
}
