package io.jgo.internal.sched;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/** A {@link Trace} hook that records every event, for the scenario tests. */
final class TraceRecorder implements Trace {

    /** One recorded event. */
    static final class Rec {
        final Event e;
        final long g;
        final int p;
        final int m;
        final int victim;
        final int n;

        Rec(Event e, long g, int p, int m, int victim, int n) {
            this.e = e;
            this.g = g;
            this.p = p;
            this.m = m;
            this.victim = victim;
            this.n = n;
        }

        @Override
        public String toString() {
            return e + "(g=" + g + " p=" + p + " m=" + m + " v=" + victim + " n=" + n + ")";
        }
    }

    final ConcurrentLinkedQueue<Rec> events = new ConcurrentLinkedQueue<>();

    @Override
    public void on(Event e, long g, int p, int m, int victim, int n) {
        events.add(new Rec(e, g, p, m, victim, n));
    }

    List<Rec> of(Event e) {
        return events.stream().filter(r -> r.e == e).collect(Collectors.toList());
    }

    Rec first(Event e, long g) {
        return events.stream().filter(r -> r.e == e && r.g == g).findFirst().orElse(null);
    }
}
