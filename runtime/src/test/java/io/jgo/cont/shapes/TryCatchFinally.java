package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/** try/catch/finally around suspension points, and exceptions thrown after a resume. */
public final class TryCatchFinally extends Program {

    @Goroutine
    @Override
    public void run() {
        List<String> log = new ArrayList<>();
        try {
            log.add(Yield.a("try"));
            throwAfterYield("boom");
            log.add("unreachable");
        } catch (IllegalStateException e) {
            log.add(Yield.a("caught " + e.getMessage()));
        } finally {
            log.add(Yield.a("finally"));
        }
        try {
            log.add(String.valueOf(nested()));
        } catch (RuntimeException e) {
            log.add("outer " + e.getMessage());
        }
        for (int i = 0; i < 3; i++) {
            try {
                if (Yield.i(i) == 1) {
                    continue;
                }
                log.add("body" + i);
            } finally {
                log.add("f" + Yield.i(i));
            }
        }
        result = log.toString();
    }

    @Goroutine
    static void throwAfterYield(String message) {
        Yield.here();
        throw new IllegalStateException(message);
    }

    @Goroutine
    static int nested() {
        int x = 1;
        try {
            x += Yield.i(1);
            throwAfterYield("inner");
            return x;
        } catch (IllegalStateException e) {
            x += Yield.i(10);
            throw new RuntimeException(e.getMessage() + x);
        } finally {
            Yield.here();
        }
    }
}
