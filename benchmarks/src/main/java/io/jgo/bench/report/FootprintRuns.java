package io.jgo.bench.report;

import io.jgo.bench.macro.Compare;
import io.jgo.bench.macro.Footprint;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Heap retained per parked goroutine and per parked virtual thread, by call depth: {@link Footprint}
 * in a fresh JVM for every (runtime, depth, run), so that neither runtime's figure at one depth
 * carries what an earlier depth left in the heap (Loom's figure is known to depend on it). Writes
 * {@link Extras#FOOTPRINT_CSV}: one line per run with the bytes per parked one, or a line saying why
 * a (runtime, depth) has no figure.
 *
 * <p>Full: depths 1, 10, 20, 100, 1,000; 100,000 parked at once (10,000 at depth 1,000, so the heap
 * holds them), heap fixed at 2 GB, 3 runs. Quick: depths 1, 10, 100; 10,000 parked; 512 MB; 1 run.
 */
final class FootprintRuns {

    static final List<String> COLUMNS = List.of("runtime", "depth", "status", "run", "parked", "bytes_per_parked", "note");
    static final List<String> RUNTIMES = List.of("jgo", "loom");

    private static final Pattern LINE = Pattern.compile("footprint (\\S+) depth (\\d+): (-?[\\d,.\\u00a0\\u202f' ]+) bytes per parked");
    private static final long TIMEOUT_SECONDS = 600;

    private FootprintRuns() {
    }

    /**
     * What to measure: the depths, runs per (runtime, depth), the child's heap, and how many are
     * parked at once: {@code maxParked}, fewer at great depths ({@code maxFrames / depth}) so that
     * they fit in the heap.
     */
    record Sizes(String mode, List<Integer> depths, int runs, String heap, int maxParked, int maxFrames) {

        static Sizes of(boolean quick) {
            return quick ? new Sizes("quick", List.of(1, 10, 100), 1, "512m", 10_000, 1_000_000)
                    : new Sizes("full", List.of(1, 10, 20, 100, 1000), 3, "2g", 100_000, 10_000_000);
        }

        int parked(int depth) {
            return Math.min(maxParked, maxFrames / depth);
        }
    }

    static void run(Path csv, Sizes sizes, PrintStream progress) throws IOException, InterruptedException {
        Files.deleteIfExists(csv);
        List<Integer> depths = sizes.depths();
        int runs = sizes.runs();
        String heap = sizes.heap();
        List<List<String>> rows = new ArrayList<>();
        int total = runs * depths.size() * RUNTIMES.size();
        int done = 0;
        long start = System.nanoTime();
        for (int run = 1; run <= runs; run++) { // runs interleaved, so a drift of the machine spreads over every cell
            for (int depth : depths) {
                for (String runtime : RUNTIMES) {
                    int n = sizes.parked(depth);
                    String result = fork(runtime, n, depth, heap);
                    boolean ok = result.matches("-?\\d+");
                    rows.add(List.of(runtime, Integer.toString(depth), ok ? "ok" : "failed", Integer.toString(run),
                            Integer.toString(n), ok ? result : "", ok ? "" : result));
                    done++;
                    double perJvm = (System.nanoTime() - start) / 1e9 / done;
                    progress.printf("    [%d/%d] footprint %-4s depth %4d run %d: %s   (about %s left)%n", done, total, runtime, depth,
                            run, ok ? result + " bytes per parked one" : result, Compare.left(perJvm * (total - done)));
                }
            }
        }
        Map<String, String> meta = Compare.machine(sizes.mode());
        meta.put("heap", "-Xms" + heap + " -Xmx" + heap);
        meta.put("runs", Integer.toString(runs));
        ExtrasCsv.write(csv, meta, COLUMNS, rows);
    }

    /** One fresh JVM: the bytes per parked one as digits, or why there is no figure. */
    private static String fork(String runtime, int n, int depth, String heap) throws IOException, InterruptedException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms" + heap, "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), Footprint.class.getName(),
                runtime, Integer.toString(n), Integer.toString(depth));
        Path out = Files.createTempFile("jgo-footprint-", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return "timed out after " + TIMEOUT_SECONDS + " s";
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            for (String line : lines) {
                Matcher m = LINE.matcher(line);
                if (m.find() && m.group(1).equals(runtime) && Integer.parseInt(m.group(2)) == depth && p.exitValue() == 0) {
                    return m.group(3).replaceAll("[^0-9-]", "");
                }
            }
            return "failed (exit " + p.exitValue() + "): " + telling(lines);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** The most telling line of a child's output: its first exception or error, else its last line. */
    static String telling(List<String> lines) {
        for (String line : lines) {
            if (line.contains("Exception") || line.contains("Error")) {
                return line.trim();
            }
        }
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).trim();
    }
}
