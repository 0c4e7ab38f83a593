package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/**
 * An exception thrown after a resume, three frames below the frame that catches it: the caught
 * trace's frames of this class (method and line) must read the same as in the plain run, although
 * on resume the frames above the thrower are not on the thread (g0 re-enters them one at a time).
 */
public final class LogicalTraces extends Program {

    @Goroutine
    @Override
    public void run() {
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            try {
                outer(round);
            } catch (IllegalStateException e) {
                seen.add(ownFrames(e));
            }
        }
        result = seen;
    }

    @Goroutine
    static int outer(int round) {
        int before = Yield.i(round);
        return middle(before) + 1;
    }

    @Goroutine
    static int middle(int round) {
        long kept = round * 3L;
        Yield.here();
        return inner(round) + (int) kept;
    }

    @Goroutine
    static int inner(int round) {
        Yield.here();
        if (round >= 0) {
            throw new IllegalStateException("round " + round);
        }
        return round;
    }

    /** The trace's frames of this class, as {@code method:line}, innermost first. */
    private static String ownFrames(Throwable e) {
        StringBuilder b = new StringBuilder(e.getMessage()).append(':');
        for (StackTraceElement f : e.getStackTrace()) {
            if (f.getClassName().equals(LogicalTraces.class.getName())) {
                b.append(' ').append(f.getMethodName()).append(':').append(f.getLineNumber());
            }
        }
        return b.toString();
    }
}
