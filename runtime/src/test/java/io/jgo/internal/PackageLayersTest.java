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
 * {@code jdeps}: the API ({@code io.jgo}) imports nothing of the scheduler; the scheduler knows
 * neither its observers, nor the sync seam, nor the channels, nor the API's facade; and no two
 * packages depend on each other, except the known cycles listed in {@link #KNOWN_CYCLES}, each with
 * the reason it is still there.
 *
 * <p>Edges into the API's leaf types ({@link #LEAF_TYPES}: the panics and the annotation, which
 * depend on nothing of jgo) do not count: the runtime throws Go's panics from every layer, as Go's
 * runtime does.
 */
class PackageLayersTest {

    /** API classes every layer may name: they depend on nothing of jgo themselves. */
    private static final Set<String> LEAF_TYPES = Set.of("io.jgo.PanicException", "io.jgo.DeadlockException", "io.jgo.Goroutine");

    /**
     * Package pairs still in a cycle, and why. Remove an entry once its cycle is gone (the test says so).
     */
    private static final Map<String, String> KNOWN_CYCLES = Map.of(
            "io.jgo.internal <-> io.jgo.internal.sched", "Blocking (the contract rewritten code calls) enters syscalls; the split of io.jgo.internal moves it");

    /** API classes that still name the scheduler (no cycle: the scheduler names only the leaf types back). */
    private static final List<String> API_USING_THE_SCHEDULER = List.of(
            "io.jgo.TimerCore"); // makes its RuntimeTimer itself: a Proc-like face for timers would move that out of the API

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
        List<String> edges = edges("io.jgo", "io.jgo.internal.sched");
        edges.removeIf(e -> API_USING_THE_SCHEDULER.stream().anyMatch(c -> e.startsWith(c + " ") || e.startsWith(c + "$")));
        assertEquals(List.of(), edges, "io.jgo reaches the scheduler through io.jgo.internal.proc (goroutines, runtimes,"
                + " syscalls), io.jgo.internal.sync (parking) or io.jgo.internal.chan; a class that cannot yet goes in"
                + " API_USING_THE_SCHEDULER with its reason");
    }

    @Test
    void theSchedulerKnowsNeitherItsObserversNorTheLayersAboveIt() {
        for (String above : List.of("io.jgo.internal.observe", "io.jgo.internal.sync", "io.jgo.internal.proc", "io.jgo.internal.chan")) {
            assertEquals(List.of(), edges("io.jgo.internal.sched", above), "sched -> " + above);
        }
    }

    @Test
    void noTwoPackagesDependOnEachOtherButTheKnownCycles() {
        Map<String, Set<String>> packages = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : classDeps.entrySet()) {
            for (String target : e.getValue()) {
                String from = packageOf(e.getKey());
                String to = packageOf(target);
                if (!from.equals(to) && !LEAF_TYPES.contains(target)) {
                    packages.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                }
            }
        }
        Map<String, String> cycles = new HashMap<>();
        for (String a : packages.keySet()) {
            for (String b : packages.get(a)) {
                if (a.compareTo(b) < 0 && packages.getOrDefault(b, Set.of()).contains(a)) {
                    cycles.put(a + " <-> " + b, "");
                }
            }
        }
        assertEquals(new TreeSet<>(KNOWN_CYCLES.keySet()), new TreeSet<>(cycles.keySet()),
                "package cycles (a new one is a layering error; a known one gone: drop it from KNOWN_CYCLES)");
    }

    /** Class-level edges from package {@code from} into package {@code to}, as "A -> B". */
    private static List<String> edges(String from, String to) {
        List<String> edges = new ArrayList<>();
        classDeps.forEach((c, targets) -> {
            if (packageOf(c).equals(from)) {
                for (String t : targets) {
                    if (packageOf(t).equals(to)) {
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
