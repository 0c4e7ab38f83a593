package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.Iterator;
import java.util.List;

/** Iterator calls are suspension points: a suspending iterator (like a channel's) does not pin. */
public final class Iteration extends Program {

    /** Counts to n, suspending in hasNext and next. */
    static final class Counter implements Iterable<Integer> {
        final int n;

        Counter(int n) {
            this.n = n;
        }

        @Override
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                int i;

                @Goroutine
                @Override
                public boolean hasNext() {
                    return Yield.z(i < n);
                }

                @Goroutine
                @Override
                public Integer next() {
                    return Yield.i(i++);
                }
            };
        }
    }

    @Goroutine
    @Override
    public void run() {
        int total = 0;
        for (int v : new Counter(5)) {
            total += v;
        }
        for (String s : List.of("a", "b")) { // a JDK iterator never suspends: nothing changes
            total += Yield.a(s).length();
        }
        result = total;
    }
}
