package io.jgo.internal.sched;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/** A {@link Trace} hook that records every event, for the scenario tests (public for the rewritten {@code io.jgo.it.sched}). */
public final class TraceRecorder implements Trace {

    /** One recorded event. */
    public static final class Rec {
        public final Event e;
        public final long g;
        public final int p;
        public final int m;
        public final int victim;
        public final int n;

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

    public final ConcurrentLinkedQueue<Rec> events = new ConcurrentLinkedQueue<>();

    /** How many {@code e} events were recorded with {@code n == n}. */
    public long count(Event e, int n) {
        return events.stream().filter(r -> r.e == e && r.n == n).count();
    }

    @Override
    public void on(Event e, long g, int p, int m, int victim, int n) {
        events.add(new Rec(e, g, p, m, victim, n));
    }

    public List<Rec> of(Event e) {
        return events.stream().filter(r -> r.e == e).collect(Collectors.toList());
    }

    public Rec first(Event e, long g) {
        return events.stream().filter(r -> r.e == e && r.g == g).findFirst().orElse(null);
    }
}
