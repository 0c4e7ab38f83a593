package io.jgo.fuzz;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Counts of what the fuzzer ran in this JVM, per mode, for the log. Thread-safe. */
final class Stats {

    static final Stats TOTAL = new Stats();

    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    void add(String what, long n) {
        counts.computeIfAbsent(what, k -> new AtomicLong()).addAndGet(n);
    }

    void count(long suspensions, long pins, long reenteredAlone) {
        add("coroutine suspensions", suspensions);
        add("coroutine pins", pins);
        add("coroutine frames re-entered alone (lazy resume)", reenteredAlone);
    }

    long get(String what) {
        AtomicLong n = counts.get(what);
        return n == null ? 0 : n.get();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(counts).forEach((k, v) -> out.append(k).append(": ").append(v.get()).append('\n'));
        return out.toString();
    }
}
