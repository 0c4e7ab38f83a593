package io.jgo.cont.shapes;

import io.jgo.internal.cont.StackAccess;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;

/** A CPU loop calling a small @Goroutine method: preemption requests are answered at its prologue. */
public final class Preemptible extends Program {

    public static final int ROUNDS = 1_000;

    @Goroutine
    @Override
    public void run() {
        long acc = 0;
        for (int i = 0; i < ROUNDS; i++) {
            if (i % 100 == 0) {
                StackAccess.requestPreempt(Stack.current()); // what sysmon does from another thread
            }
            acc = step(acc, i);
        }
        result = acc;
    }

    @Goroutine
    static long step(long acc, int i) {
        if (i < 0) {
            Yield.here(); // never taken: makes step a method that can suspend, so it has a prologue
        }
        return acc * 31 + i;
    }
}
