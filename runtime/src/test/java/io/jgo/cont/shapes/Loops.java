package io.jgo.cont.shapes;

import io.jgo.internal.cont.StackAccess;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import java.util.function.IntUnaryOperator;

/**
 * Loops of every kind whose bodies make no suspending call, preempted at their heads: each body
 * asks for a preemption now and then (as sysmon would), and the next loop head must save the frame,
 * unwind and resume with every local intact.
 */
public final class Loops extends Program {

    /** Not rewritten (not annotated): stands for sysmon setting the preempt bit. */
    static void maybeAskToYield(long i) {
        if (i % 7 == 3) {
            StackAccess.requestPreempt(Stack.current());
        }
    }

    @Goroutine
    static long nested(int n) {
        long acc = 1;
        for (int i = 0; i < n; i++) {
            double d = i * 0.5;
            for (int j = 0; j < 3; j++) {
                maybeAskToYield(i * 3 + j);
                acc = acc * 31 + (long) (d * j);
            }
        }
        return acc;
    }

    @Goroutine
    static String whileAndDo(String seed) {
        StringBuilder sb = new StringBuilder(seed);
        int k = 0;
        while (sb.length() < 20) {
            maybeAskToYield(k++);
            sb.append((char) ('a' + k % 26));
        }
        float f = 1f;
        do {
            maybeAskToYield(k++);
            f *= 1.5f;
        } while (f < 100f);
        return sb + "/" + f + "/" + k;
    }

    @Goroutine
    static int withSwitchAndCatch(int n) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            maybeAskToYield(i);
            switch (i % 4) {
                case 0:
                    total += 1;
                    break;
                case 1:
                    total *= 2;
                    break;
                default:
                    try {
                        total += 10 / (i % 3);
                    } catch (ArithmeticException e) {
                        for (int r = 0; r < 2; r++) {   // a loop inside a handler
                            maybeAskToYield(r + i);
                            total -= r;
                        }
                    }
            }
        }
        return total;
    }

    @Goroutine
    @Override
    public void run() {
        IntUnaryOperator inLambda = n -> {
            int s = 0;
            for (int i = 0; i < n; i++) {
                maybeAskToYield(i);
                s += i * i;
            }
            return s;
        };
        long[] out = {nested(10), withSwitchAndCatch(25), inLambda.applyAsInt(30)};
        result = java.util.Arrays.toString(out) + " " + whileAndDo("x");
    }
}
