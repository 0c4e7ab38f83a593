package io.jgo.internal.observe;

import io.jgo.internal.sched.Sched;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live runtimes of this process, by name: what the JMX beans, the periodic JFR event and the
 * dump-on-signal handler walk. A runtime joins when it starts ({@code Go.run}, the default runtime's
 * first use) and leaves when it shuts down. Process-wide by nature (one MBean server, one set of
 * signal handlers, one Flight Recorder), so this is the one static registry of the runtime.
 *
 * <p>Names are unique among live runtimes: a runtime's configured name ({@code jgo} for
 * {@code Go.run}, {@code jgo-default} for the default runtime), or that name with {@code -2},
 * {@code -3}, ... while another live runtime holds it. Starting and ending take a lock (once per
 * runtime); the hot paths only read the map.
 */
public final class Observe {

    /** Live runtimes and their names; written under {@link #LOCK}, read by any thread. */
    private static final Map<Sched, String> LIVE = new ConcurrentHashMap<>();
    private static final Object LOCK = new Object();
    private static int suffix = 1; // guarded by LOCK

    private Observe() {
    }

    /**
     * {@code sched} starts: installs the process-wide hooks on the first start (dump on signal; the
     * JMX beans and the JFR periodic event on a background thread), names and registers the runtime.
     * Returns {@code sched}. Throws {@link IllegalArgumentException} when {@code -Djgo.dumpOnSignal}
     * is invalid or unsupported (then nothing is registered). Any thread, once per runtime.
     */
    public static Sched started(Sched sched) {
        DumpOnSignal.installOnce(io.jgo.internal.settings.Settings.dumpOnSignalValue());
        synchronized (LOCK) {
            String base = sched.name();
            String name = base;
            while (LIVE.containsValue(name)) {
                name = base + "-" + ++suffix;
            }
            LIVE.put(sched, name);
        }
        Registrar.changed();
        return sched;
    }

    /** {@code sched} shut down: it leaves the registry (its MBean is unregistered soon after). Any thread. */
    public static void ended(Sched sched) {
        if (LIVE.remove(sched) != null) {
            Registrar.changed();
        }
    }

    /** The runtime's name in events and MBeans; its configured name if it never started. */
    static String nameOf(Sched sched) {
        String n = LIVE.get(sched);
        return n != null ? n : sched.name();
    }

    /** The live runtimes with their names, a snapshot. */
    static List<Map.Entry<Sched, String>> live() {
        return new ArrayList<>(LIVE.entrySet());
    }

    /**
     * Every live runtime's goroutine dump, each under a line naming the runtime, then the plain
     * threads blocked in jgo calls ({@code PlainThreads}), as the signal handler prints them. Any thread.
     */
    public static String dumpAll() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Sched, String> e : live()) {
            b.append("jgo: goroutines of runtime ").append(e.getValue()).append(":\n\n").append(e.getKey().dump());
        }
        String threads = io.jgo.internal.sched.park.PlainThreads.dump();
        if (!threads.isEmpty()) {
            b.append("jgo: plain threads blocked in jgo calls:\n\n").append(threads);
        }
        if (b.length() == 0) {
            b.append("jgo: no runtime is live and no plain thread is blocked in a jgo call\n");
        }
        return b.toString();
    }

    /**
     * Installs the dump-on-signal handler ({@code -Djgo.dumpOnSignal}) if it is not yet: called when
     * a plain thread first blocks in a jgo call, which may happen before any runtime starts. Never
     * throws (its caller may hold a primitive's lock): a bad value is a warning here, and the error
     * that stops the first runtime from starting. Any thread.
     */
    public static void installSignalHandler() {
        try {
            DumpOnSignal.installOnce(io.jgo.internal.settings.Settings.dumpOnSignalValue());
        } catch (RuntimeException e) {
            io.jgo.internal.cont.Warnings.once("dumpOnSignal", String.valueOf(e.getMessage()));
        }
    }
}
