package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Programs for the segmented-stack tests. */
public final class StackShapes {

    private StackShapes() {
    }

    /** Parks two frames deep with a few locals: a typical parked goroutine. */
    public static final class Shallow extends Program {
        @Goroutine
        @Override
        public void run() {
            int x = 1;
            result = wait(x) + x;
        }

        @Goroutine
        static int wait(int v) {
            Yield.here();
            return v;
        }
    }

    public static final class NeverSuspends extends Program {
        @Goroutine
        @Override
        public void run() {
            result = add(1, 2);
        }

        @Goroutine
        static int add(int a, int b) {
            if (a < 0) {
                Yield.here(); // never taken: add is rewritten, yet this goroutine never suspends
            }
            return a + b;
        }
    }

    /** Suspends forever at a depth whose records fill the first segment and spill into a second. */
    public static final class HotSplit extends Program {
        @Goroutine
        @Override
        public void run() {
            result = level(4, 1L, 2L, "x");
        }

        @Goroutine
        static long level(int n, long a, long b, String s) {
            if (n == 0) {
                while (true) {
                    Yield.here();
                }
            }
            return level(n - 1, a + 1, b + 1, s) + a + b + s.length();
        }
    }

    /** Suspends 200 frames deep, then returns. */
    public static final class Deep extends Program {
        @Goroutine
        @Override
        public void run() {
            result = down(200);
        }

        @Goroutine
        static int down(int n) {
            if (n == 0) {
                Yield.here();
                return 0;
            }
            return down(n - 1) + 1;
        }
    }
}
