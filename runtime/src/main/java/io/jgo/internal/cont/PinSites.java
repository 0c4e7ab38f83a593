package io.jgo.internal.cont;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Pin warnings, one per pin site, and at exit how often each site pinned ({@code jgo: pinned N
 * times at X}): a site that pins in a loop warns once, and its count says whether it matters. Always
 * on, unlike {@link PinReport}: a site is named once, by the walk that finds it (the adjacency
 * verdict walks once per key, then is cached), and later pins at the same key only count. Any
 * carrier writes (a concurrent map of {@link LongAdder}s); the exit hook reads.
 *
 * <p>A site is a place, as its name gives it (frame, file and line): several keys that name the same
 * place (two callees pinning at one call, two lock classes held at one line, the runtimes of one
 * process) share one {@link Site}, so the place warns once and the summary lists it once, with
 * every pin counted.
 */
public final class PinSites {

    /** Each key's site. */
    private static final Map<Object, Site> SITES = new ConcurrentHashMap<>();
    /** Each place's site, by its name: the one object every key naming that place maps to. */
    private static final Map<String, Site> PLACES = new ConcurrentHashMap<>();

    private static final class Site {
        final String name;
        final LongAdder pins = new LongAdder();

        Site(String name) {
            this.name = name;
        }
    }

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.print(summary()), "jgo-pin-sites"));
        } catch (IllegalStateException shuttingDown) {
            // first pin during shutdown: too late for a summary, the warning still says it
        }
    }

    private PinSites() {
    }

    /**
     * A pin at {@code key} whose site {@code site} names (asked once): the first one prints
     * {@code warning}; none is counted here (see {@link #count}).
     */
    static void warn(Object key, Supplier<String> site, Supplier<String> warning) {
        if (SITES.containsKey(key)) {
            return;
        }
        String name = site.get();
        Site fresh = new Site(name);
        Site place = PLACES.putIfAbsent(name, fresh);
        // Only the thread that made the place warns: once per place, whichever key reached it first.
        SITES.putIfAbsent(key, place == null ? fresh : place);
        if (place == null) {
            Warnings.always(warning.get());
        }
    }

    /** One more pin at {@code key}; nothing if no warning named its site (it did not pin, or is warned elsewhere). */
    static void count(Object key) {
        Site s = SITES.get(key);
        if (s != null) {
            s.pins.increment();
        }
    }

    /** {@link #warn} and {@link #count} at once: for sites named again at every pin. */
    public static void pinned(Object key, Supplier<String> site, Supplier<String> warning) {
        warn(key, site, warning);
        count(key);
    }

    /** What is printed at exit: one line per site that pinned, most pins first; empty if none did. */
    public static String summary() {
        List<Site> sites = new ArrayList<>();
        for (Site s : PLACES.values()) {
            if (s.pins.sum() > 0) {
                sites.add(s);
            }
        }
        sites.sort((a, b) -> Long.compare(b.pins.sum(), a.pins.sum()));
        StringBuilder out = new StringBuilder();
        for (Site s : sites) {
            long n = s.pins.sum();
            out.append("jgo: pinned ").append(n).append(n == 1 ? " time at " : " times at ").append(s.name)
                    .append(System.lineSeparator());
        }
        return out.toString();
    }
}
