package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.lang.reflect.Method;

/**
 * Suspensions that cannot unwind: inside {@code synchronized}, below a library's own Runnable,
 * through reflection, inside a constructor. Each pins (carries on in place) and still computes the
 * same result.
 */
public final class Pinning {

    private Pinning() {
    }

    /** A suspension inside a synchronized block. */
    public static final class InMonitor extends Program {
        private final Object lock = new Object();

        @Goroutine
        @Override
        public void run() {
            int x = Yield.i(1);
            synchronized (lock) {
                x += Yield.i(2);
            }
            result = x + Yield.i(3);
        }
    }

    /** A suspension in a synchronized method. */
    public static final class SynchronizedMethod extends Program {
        @Goroutine
        @Override
        public void run() {
            result = locked(5) + Yield.i(1);
        }

        @Goroutine
        synchronized int locked(int v) {
            return Yield.i(v) * 2;
        }
    }

    /** A library's own Runnable (not rewritten) between two rewritten frames. */
    public static final class LibraryRunnable extends Program {
        /** Stands for library code: not annotated, so never rewritten. */
        public static final class Twice implements Runnable {
            private final Runnable inner;

            Twice(Runnable inner) {
                this.inner = inner;
            }

            @Override
            public void run() {
                inner.run();
                inner.run();
            }
        }

        private int count;

        @Goroutine
        @Override
        public void run() {
            Runnable body = () -> count += Yield.i(1);
            Runnable twice = new Twice(body);
            twice.run();
            result = count + Yield.i(10);
        }
    }

    /** A @Goroutine method called reflectively. */
    public static final class Reflective extends Program {
        @Goroutine
        @Override
        public void run() {
            try {
                Method m = Reflective.class.getDeclaredMethod("target", int.class);
                result = (Integer) m.invoke(null, 4) + Yield.i(1);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Goroutine
        static int target(int v) {
            return Yield.i(v) + 1;
        }
    }

    /** A constructor (never rewritten) calling a @Goroutine method. */
    public static final class InConstructor extends Program {
        static final class Holder {
            final int value;

            Holder() {
                value = Yield.i(7);
            }
        }

        @Goroutine
        @Override
        public void run() {
            result = new Holder().value + Yield.i(1);
        }
    }

    /**
     * A library's Runnable whose method id equals the id of the rewritten frame that called it: the
     * names {@code Pinning$Aa.run()V} and {@code Pinning$BB.run()V} have the same 32-bit hash
     * ({@code "Aa"} and {@code "BB"} do). The frame below the suspending lambda is the library's, not
     * the call site the id names, so the goroutine must pin; unwinding into {@code BB.run} would run
     * it on with a dummy result (its second call would be skipped or repeated).
     */
    public static final class Aa extends Program {
        private int count;

        @Goroutine
        @Override
        public void run() {
            Runnable body = () -> count += Yield.i(1);
            Runnable twice = new BB(body);
            twice.run();
            result = count + Yield.i(10);
        }
    }

    /** Stands for library code: never rewritten; its {@code run()} has the method id of {@link Aa#run()}. */
    public static final class BB implements Runnable {
        private final Runnable inner;

        BB(Runnable inner) {
            this.inner = inner;
        }

        @Override
        public void run() {
            inner.run();
            inner.run();
        }
    }
}
