package io.jgo.internal.cont;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code -Djgo.pinReport}: counts every pin by the frame that caused it (the first frame that was
 * not a rewritten call site, or the monitor or thread-owned lock held) and prints, when the JVM
 * exits, the frames that pinned most with their counts, so a user knows what to rewrite. Off by default: naming the frame walks the stack at
 * each pin. The counts are written by whichever carrier pins (a {@link LongAdder} per frame in a
 * concurrent map) and read by the exit hook or {@link #report()}.
 */
public final class PinReport {

    /** Read once: the report is on for the whole run or not at all ({@code -Djgo.pinReport} or {@code =true}). */
    public static final boolean ENABLED = io.jgo.internal.settings.Settings.pinReport();
    /** Frames listed at exit. */
    private static final int TOP = 20;
    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    static {
        if (ENABLED) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.print(report()), "jgo-pin-report"));
        }
    }

    private PinReport() {
    }

    /** Whether pins are being counted ({@code -Djgo.pinReport}). */
    public static boolean enabled() {
        return ENABLED;
    }

    /** Counts one pin caused by {@code frame}. */
    public static void pinned(String frame) {
        COUNTS.computeIfAbsent(frame, f -> new LongAdder()).increment();
    }

    /** The report as printed at exit: a header, then one line per frame, most pins first. */
    public static String report() {
        List<Map.Entry<String, Long>> rows = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, LongAdder> e : COUNTS.entrySet()) {
            long n = e.getValue().sum();
            total += n;
            rows.add(Map.entry(e.getKey(), n));
        }
        rows.sort((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey())
                : Long.compare(b.getValue(), a.getValue()));
        StringBuilder out = new StringBuilder("jgo: pin report: ").append(total).append(" pin(s) at ")
                .append(rows.size()).append(" frame(s)");
        if (!rows.isEmpty()) {
            out.append("; these frames kept goroutines from unwinding (rewrite them, or keep suspensions out of them):");
        }
        out.append(System.lineSeparator());
        for (int i = 0; i < rows.size() && i < TOP; i++) {
            out.append(String.format("%10d  %s%n", rows.get(i).getValue(), rows.get(i).getKey()));
        }
        return out.toString();
    }
}
