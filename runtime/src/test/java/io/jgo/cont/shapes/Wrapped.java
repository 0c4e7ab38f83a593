package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.function.Function;

/**
 * One call site that reaches the same rewritten method directly on some calls and through code that
 * was not rewritten on others (a JDK {@code Function.andThen}, an unannotated override calling
 * {@code super}). The code in between has side effects that must happen exactly once per call: the
 * wrapped calls must pin, whatever the direct calls did before them.
 */
public final class Wrapped {

    private Wrapped() {
    }

    /** The same lambda called directly and through {@code andThen}, alternately, at one call site. */
    public static final class ThroughAndThen extends Program {
        @Goroutine
        @Override
        public void run() {
            Function<Integer, Integer> inc = x -> Yield.i(x) + 1;
            Function<Integer, Integer> composed = inc.andThen(y -> y * 10);
            long sum = 0;
            for (int i = 0; i < 6; i++) {
                Function<Integer, Integer> f = i % 2 == 0 ? inc : composed;
                sum = sum * 7 + f.apply(i);
            }
            result = sum;
        }
    }

    public static class Base {
        @Goroutine
        long step(int x) {
            Yield.here();
            return x + 1;
        }
    }

    /** Not annotated: stands for a subclass nobody rewrote, with a side effect around the super call. */
    public static final class Counting extends Base {
        int calls;

        @Override
        long step(int x) {
            calls++;
            return super.step(x) * 10;
        }
    }

    /** A virtual call site whose receiver is sometimes the rewritten class, sometimes the unrewritten subclass. */
    public static final class ThroughOverride extends Program {
        @Goroutine
        @Override
        public void run() {
            Counting counting = new Counting();
            Base plain = new Base();
            long sum = 0;
            for (int i = 0; i < 6; i++) {
                Base b = i % 2 == 0 ? plain : counting;
                sum = sum * 7 + b.step(i);
            }
            result = sum + "/" + counting.calls;
        }
    }

    /** A goroutine body that is not rewritten, around a rewritten method also used as a body directly. */
    public static final class CountingBody implements Runnable {
        public int runs;

        @Override
        public void run() {
            runs++;
            Wrapped.work();
        }
    }

    /** {@link #work} itself as a body: the goroutine's entry reaches it through a forwarder only. */
    public static Runnable workAsBody() {
        return Wrapped::work;
    }

    /** What {@link #work} computed last. */
    public static long worked;

    /** Used as a goroutine body directly ({@code Wrapped::work}) and from {@link CountingBody}. */
    @Goroutine
    public static void work() {
        long t = 0;
        for (int i = 0; i < 3; i++) {
            t += Yield.i(i) + 1;
        }
        worked = t;
    }
}
