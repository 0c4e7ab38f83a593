package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Calls into code that is not rewritten (a JDK iterator, a JDK functional interface's own
 * implementation) leave the call-site handshake untaken; a later call through an interface that is
 * not {@code @Goroutine} reaches a rewritten implementation that must not take that stale handshake
 * for its own: it pins, and the result is right.
 */
public final class StaleCallSite {

    private StaleCallSite() {
    }

    /** Not annotated: calls through it are not suspension points. */
    public interface Task {
        long compute(int x);
    }

    public static final class Impl implements Task {
        @Goroutine
        @Override
        public long compute(int x) {
            Yield.here();
            return x * 2L;
        }
    }

    /** A JDK iterator before the call. */
    public static final class AfterIterator extends Program {
        @Goroutine
        @Override
        public void run() {
            Task t = new Impl();
            long sum = 0;
            for (int x : List.of(1, 2, 3)) {
                sum += x;
            }
            sum += t.compute(21);
            result = sum;
        }
    }

    /** A JDK functional interface implemented by the JDK itself before the call. */
    public static final class AfterJdkFunction extends Program {
        @Goroutine
        @Override
        public void run() {
            Task t = new Impl();
            long sum = IntUnaryOperator.identity().applyAsInt(6);
            sum += t.compute(21);
            result = sum;
        }
    }

    /** Collections walked between calls through the interface, in a loop: the silent wrong number. */
    public static final class InLoops extends Program {
        @Goroutine
        @Override
        public void run() {
            Task t = new Impl();
            List<Integer> xs = new ArrayList<>(List.of(3, 1, 4, 1, 5));
            Map<String, Integer> m = new LinkedHashMap<>();
            m.put("a", 2);
            m.put("b", 7);
            long sum = 0;
            for (int round = 0; round < 3; round++) {
                for (int x : xs) {
                    sum = sum * 31 + x;
                }
                for (Map.Entry<String, Integer> e : m.entrySet()) {
                    sum = sum * 31 + e.getKey().hashCode() + e.getValue();
                    sum += t.compute(e.getValue() + round);
                }
                sum += t.compute(round);
            }
            result = sum;
        }
    }
}
