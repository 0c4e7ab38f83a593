package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/**
 * Errors thrown by user code that runs between the save of a frame and its restore: {@link #inner}
 * suspends, and on resume g0 re-enters it alone while {@link #middle}, {@link #outer} and
 * {@link #run} are still saved records. There it touches a class whose static initializer fails
 * (an {@link ExceptionInInitializerError}, then a {@link NoClassDefFoundError}) or calls a plain
 * method that throws an {@link AssertionError}; each is handed to the saved frames, caught in
 * {@link #run}, and the program suspends again and goes on.
 */
public final class ErrorsAfterReentry extends Program {

    public static final int ROUNDS = 4;

    @Goroutine
    @Override
    public void run() {
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            try {
                seen.add("returned " + outer(round));
            } catch (AssertionError e) {
                seen.add("AssertionError " + e.getMessage());
            } catch (Error e) {
                seen.add(e.getClass().getSimpleName());
            }
            Yield.here(); // the stack suspends again after the fault
        }
        result = seen;
    }

    @Goroutine
    static int outer(int round) {
        int v = Yield.i(round);
        return middle(v) + 1;
    }

    @Goroutine
    static int middle(int round) {
        long kept = round;
        Yield.here();
        return inner(round) + (int) kept;
    }

    @Goroutine
    static int inner(int round) {
        Yield.here(); // resumed: this frame alone is on the thread, its callers are saved
        switch (round) {
            case 0:
            case 1:
                return FailingInitializer.VALUE;
            case 2:
                return fail(round);
            default:
                return round;
        }
    }

    private static int fail(int round) {
        throw new AssertionError("round " + round);
    }

    /** A class whose static initializer throws: first use fails with its cause, later ones with NoClassDefFoundError. */
    static final class FailingInitializer {
        static final int VALUE = compute();

        private static int compute() {
            throw new IllegalStateException("static initializer failed");
        }
    }
}
