package io.jgo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages depend on each other in layers, read from its class files with the JDK's
 * {@code jdeps} (see ARCHITECTURE.md): the continuation machinery ({@code io.jgo.internal.cont})
 * depends on no other package of jgo, the contract with rewritten code ({@code io.jgo.internal}) on
 * the machinery only; the scheduler knows neither its observers nor any layer above it; the API
 * ({@code io.jgo}) imports nothing of the scheduler; the scheduler's timers and failure reporting
 * ({@code sched.timer}, {@code sched.failure}) sit below it and know nothing of jgo; the network API
 * ({@code io.jgo.net}) reaches the scheduler only through the poller's door; the poller
 * ({@code io.jgo.internal.poll}) sits above the scheduler, which knows it only as its
 * {@code sched.NetPoller}, and reaches it only through its host; and there is no cycle among the
 * packages, of any length.
 *
 * <p>Edges into the API's leaf types ({@link #LEAF_TYPES}: the panics and the annotation, which
 * depend on nothing of jgo) do not count: the runtime throws Go's panics from every layer, as Go's
 * runtime does.
 */
class PackageLayersTest {

    /** API classes every layer may name: they depend on nothing of jgo themselves. */
    private static final Set<String> LEAF_TYPES = Set.of("io.jgo.PanicException", "io.jgo.DeadlockException", "io.jgo.Goroutine");

    private static Map<String, Set<String>> classDeps;

    @BeforeAll
    static void readClassFiles() throws Exception {
        Path classes = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isDirectory(classes) || Files.isRegularFile(classes), classes.toString());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("this JDK has no jdeps"));
        StringWriter out = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-filter:none",
                "-e", "io\\.jgo\\..*", classes.toString());
        assertEquals(0, status, out.toString());
        classDeps = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && f[0].startsWith("io.jgo.") && !f[0].contains(".shaded.")) {
                classDeps.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[2]);
            }
        }
        assertTrue(classDeps.size() > 50, "read only " + classDeps.size() + " classes:\n" + out);
    }

    @Test
    void theApiImportsNothingOfTheScheduler() {
        for (String below : BELOW_THE_SCHEDULER) {
            assertEquals(List.of(), edges("io.jgo", below), "io.jgo reaches the timers through io.jgo.internal.proc.HeapTimer");
        }
        assertEquals(List.of(), edges("io.jgo", "io.jgo.internal.sched"), "io.jgo reaches the scheduler through"
                + " io.jgo.internal.proc (goroutines, runtimes, syscalls, timers), io.jgo.internal.sync (parking)"
                + " or io.jgo.internal.chan");
    }

    @Test
    void theContinuationMachineryDependsOnNoOtherPackage() {
        assertEquals(Set.of(), packageGraph().getOrDefault(SETTINGS, Set.of()),
                SETTINGS + " (every jgo.* setting, read and checked) is a leaf that every layer may read");
        Set<String> cont = new TreeSet<>(packageGraph().getOrDefault("io.jgo.internal.cont", Set.of()));
        cont.remove(SETTINGS);
        assertEquals(Set.of(), cont,
                "io.jgo.internal.cont is the lowest layer but for the settings: where it must act on Stack, Stack implements its abstract methods");
    }

    /** The one place that reads the jgo.* settings: a leaf package below every layer. */
    private static final String SETTINGS = "io.jgo.internal.settings";

    @Test
    void theContractWithRewrittenCodeDependsOnTheMachineryOnly() {
        assertEquals(Set.of("io.jgo.internal.cont"), packageGraph().get("io.jgo.internal"),
                "io.jgo.internal (Stack, resumers) sits right above io.jgo.internal.cont, below the scheduler");
    }

    @Test
    void theSchedulerKnowsNeitherItsObserversNorTheLayersAboveIt() {
        for (String above : List.of("io.jgo.internal.observe", "io.jgo.internal.park", "io.jgo.internal.poll", "io.jgo.internal.sync", "io.jgo.internal.proc", "io.jgo.internal.chan",
                "io.jgo.internal.blocking", "io.jgo.internal.callback", "io.jgo.internal.coroutine", "io.jgo", "io.jgo.net")) {
            assertEquals(List.of(), edges("io.jgo.internal.sched", above), "sched -> " + above);
        }
    }

    /** Parts of the scheduler split off below it: they know no G, M or P, nor anything else of jgo. */
    private static final List<String> BELOW_THE_SCHEDULER = List.of("io.jgo.internal.sched.timer", "io.jgo.internal.sched.failure");

    @Test
    void theTimersAndFailureReportingSitBelowTheSchedulerAndKnowNothingOfJgo() {
        for (String below : BELOW_THE_SCHEDULER) {
            assertTrue(classDeps.keySet().stream().anyMatch(c -> packageOf(c).equals(below)), "no class read in " + below);
            assertEquals(Set.of(), packageGraph().getOrDefault(below, Set.of()), below + " sits below io.jgo.internal.sched:"
                    + " what it needs of the runtime comes through an interface it declares (sched.timer.TimerHost) or a value"
                    + " it is given (sched.failure.Failures: a name and M0's thread), never through G, M, P or Sched");
        }
        assertTrue(packageGraph().get("io.jgo.internal.sched").containsAll(BELOW_THE_SCHEDULER), "the scheduler uses them");
    }

    /** The park seam: below the scheduler, it knows no G (a goroutine is a {@code sched.park.Party}, which G extends). */
    private static final String PARK_SEAM = "io.jgo.internal.sched.park";

    @Test
    void theParkSeamSitsBelowTheSchedulerAndKnowsNoG() {
        assertTrue(classDeps.keySet().stream().anyMatch(c -> packageOf(c).equals(PARK_SEAM)), "no class read in " + PARK_SEAM);
        Set<String> seam = new TreeSet<>(packageGraph().getOrDefault(PARK_SEAM, Set.of()));
        seam.removeAll(Set.of("io.jgo.internal", "io.jgo.internal.cont", SETTINGS));
        assertEquals(Set.of(), seam, PARK_SEAM + " (waiters, wait queues, the park protocol, WaitReason) sits below"
                + " io.jgo.internal.sched: it reaches a goroutine only through sched.park.Party, which G extends");
        assertTrue(packageGraph().get("io.jgo.internal.sched").contains(PARK_SEAM), "the scheduler uses it");
    }

    @Test
    void theApiNamesOnlyWhyItWaitsOfTheParkSeam() {
        List<String> more = new ArrayList<>();
        for (String e : edges("io.jgo", PARK_SEAM)) {
            if (!e.endsWith(" -> " + PARK_SEAM + ".WaitReason")) {
                more.add(e);
            }
        }
        assertEquals(List.of(), more, "io.jgo names a wait's reason (sched.park.WaitReason) and parks through"
                + " io.jgo.internal.sync or io.jgo.internal.chan");
    }

    /**
     * The classes (or a whole package) outside the scheduler that may still name {@code sched.G}: the door that
     * asks the scheduler for what Go asks of it ({@code proc}). The list may only shrink; everything else, the
     * poller ({@code io.jgo.internal.poll}) and its callers ({@code io.jgo.net}, {@code blocking.ChannelCalls},
     * {@code sockets.Waits}) included, holds a goroutine as a {@code sched.park.Party}.
     */
    private static final Set<String> G_DOOR = Set.of("io.jgo.internal.proc");

    @Test
    void gIsOpaqueOutsideTheScheduler() {
        List<String> outside = new ArrayList<>();
        classDeps.forEach((c, targets) -> {
            String outer = c.contains("$") ? c.substring(0, c.indexOf('$')) : c;
            if (!packageOf(c).startsWith("io.jgo.internal.sched") && !G_DOOR.contains(outer) && !G_DOOR.contains(packageOf(c))
                    && targets.contains("io.jgo.internal.sched.G")) {
                outside.add(c + " -> io.jgo.internal.sched.G");
            }
        });
        assertEquals(List.of(), outside, "outside the scheduler a goroutine is a sched.park.Party: park and wake it"
                + " through sched.park.Parking, act on it through sched.Goroutines or sched.Interrupts");
    }

    /**
     * The scheduler's classes (with their nested types) that {@code io.jgo.net} may name: the few runtime lookups a
     * network call makes today, the syscall of a wait in place ({@code Syscalls} and its {@code Policy}),
     * and the caller as a {@code sched.park.Party} (the parker it hands to {@code poll.PollDesc}; never a G).
     * The list may only shrink.
     */
    private static final Set<String> NET_DOOR = Set.of("io.jgo.internal.sched.Syscalls",
            "io.jgo.internal.sched.Runtimes", "io.jgo.internal.sched.Sched", "io.jgo.internal.sched.park.Party");

    /** The poller's door: what {@code io.jgo.net} may name of {@code io.jgo.internal.poll} (register, wait, wake, deadlines, close). */
    private static final Set<String> POLL_DOOR = Set.of("io.jgo.internal.poll.PollDesc");

    @Test
    void theNetworkApiReachesTheSchedulerOnlyThroughThePoller() {
        List<String> outside = new ArrayList<>();
        classDeps.forEach((c, targets) -> {
            if (packageOf(c).equals("io.jgo.net")) {
                for (String t : targets) {
                    String outerT = t.contains("$") ? t.substring(0, t.indexOf('$')) : t; // Syscalls$Policy is Syscalls'
                    if (t.startsWith("io.jgo.internal.sched.") && !NET_DOOR.contains(outerT)
                            || t.startsWith("io.jgo.internal.poll.") && !POLL_DOOR.contains(t)) {
                        outside.add(c + " -> " + t);
                    }
                }
            }
        });
        assertEquals(List.of(), outside, "io.jgo.net parks on the network through poll.PollDesc; anything else it needs"
                + " goes through io.jgo.internal.proc, as for io.jgo");
        for (String above : List.of("io.jgo.internal.observe", "io.jgo.internal.callback", "io.jgo.internal.sockets",
                "io.jgo.internal.coroutine")) {
            assertEquals(List.of(), edges("io.jgo.net", above), "io.jgo.net -> " + above);
        }
    }

    /**
     * What the poller ({@code io.jgo.internal.poll}) may name of the scheduler's package: the two faces of its
     * seam ({@code NetPoller}, which the scheduler calls, with the M's {@code Taker} and {@code Blocker}; and
     * {@code PollHost}, what the poller asks of the runtime) and the runtime; a goroutine is a {@code sched.park.Party}. The park
     * seam it parks through is {@code sched.park}, a package of its own below the scheduler. The list may only shrink.
     */
    private static final Set<String> POLLER_VIEW_OF_THE_SCHEDULER = Set.of("io.jgo.internal.sched.NetPoller",
            "io.jgo.internal.sched.NetPoller$Taker", "io.jgo.internal.sched.NetPoller$Blocker", "io.jgo.internal.sched.PollHost",
            "io.jgo.internal.sched.Sched");

    @Test
    void thePollerSitsAboveTheSchedulerAndReachesItThroughItsHost() {
        assertTrue(classDeps.keySet().stream().anyMatch(c -> packageOf(c).equals(POLL)), "no class read in " + POLL);
        List<String> outside = new ArrayList<>();
        classDeps.forEach((c, targets) -> {
            if (packageOf(c).equals(POLL)) {
                for (String t : targets) {
                    if (packageOf(t).equals("io.jgo.internal.sched") && !POLLER_VIEW_OF_THE_SCHEDULER.contains(t)) {
                        outside.add(c + " -> " + t);
                    }
                }
            }
        });
        assertEquals(List.of(), outside, POLL + " reaches the scheduler through sched.PollHost (and the scheduler it"
                + " through sched.NetPoller); G, M and P stay opaque to it");
        for (String above : List.of("io.jgo", "io.jgo.net", "io.jgo.internal.sockets", "io.jgo.internal.blocking",
                "io.jgo.internal.callback", "io.jgo.internal.observe", "io.jgo.internal.coroutine")) {
            assertEquals(List.of(), edges(POLL, above), POLL + " -> " + above);
        }
    }

    private static final String POLL = "io.jgo.internal.poll";

    @Test
    void noCycleAmongThePackages() {
        Map<String, Set<String>> graph = packageGraph();
        assertTrue(graph.size() >= 10, "read only " + graph.keySet());
        Map<String, Integer> state = new HashMap<>(); // absent: not seen; 1: on the current path; 2: done
        List<String> path = new ArrayList<>();
        for (String p : graph.keySet()) {
            List<String> cycle = cycleFrom(p, graph, state, path);
            assertEquals(List.of(), cycle, "a package cycle (a layering error; see ARCHITECTURE.md)");
        }
    }

    /** Depth-first search from {@code p}: the first cycle found, as the packages along it, or an empty list. */
    private static List<String> cycleFrom(String p, Map<String, Set<String>> graph, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(p);
        if (s != null) {
            return s == 1 ? new ArrayList<>(path.subList(path.indexOf(p), path.size())) : List.of();
        }
        state.put(p, 1);
        path.add(p);
        for (String next : graph.getOrDefault(p, Set.of())) {
            List<String> cycle = cycleFrom(next, graph, state, path);
            if (!cycle.isEmpty()) {
                cycle.add(next);
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        state.put(p, 2);
        return List.of();
    }

    /** Package-level edges, each package to the other packages it uses (leaf types left out). */
    private static Map<String, Set<String>> packageGraph() {
        Map<String, Set<String>> packages = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : classDeps.entrySet()) {
            String from = packageOf(e.getKey());
            packages.computeIfAbsent(from, k -> new TreeSet<>());
            for (String target : e.getValue()) {
                String to = packageOf(target);
                if (!from.equals(to) && !LEAF_TYPES.contains(target)) {
                    packages.get(from).add(to);
                }
            }
        }
        return packages;
    }

    /** Class-level edges from package {@code from} into package {@code to}, as "A -> B" (leaf types left out). */
    private static List<String> edges(String from, String to) {
        List<String> edges = new ArrayList<>();
        classDeps.forEach((c, targets) -> {
            if (packageOf(c).equals(from)) {
                for (String t : targets) {
                    if (packageOf(t).equals(to) && !LEAF_TYPES.contains(t)) {
                        edges.add(c + " -> " + t);
                    }
                }
            }
        });
        return edges;
    }

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }
}
