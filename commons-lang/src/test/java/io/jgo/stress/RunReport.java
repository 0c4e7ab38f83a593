package io.jgo.stress;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Measures one surefire execution of the module (one JVM: plain, or rewritten by the agent or at
 * build time) and writes what it saw to {@code target/jgo-report/RUN.properties}; then
 * {@link ReportText} combines every run written so far into {@code target/jgo-report.txt} and prints
 * it, so the last execution of the build prints the whole report. Counted: Commons Lang's own tests
 * (the harness's are left out), their results, the wall time of the test plan and the sum of the
 * tests' own times, the CPU time of the tests' thread, of the JIT compilers and of the whole JVM
 * ({@link CpuTimes}), {@link RunCounts}, the pin report, and the classes rewritten. Registered through
 * {@code META-INF/services}; does nothing unless {@code -Djgo.report.run=NAME} names the run.
 *
 * <p>JUnit calls a listener from the threads that run the tests (one here: the module runs its tests
 * one at a time); the start times live in a concurrent map all the same, so a parallel run would
 * only blur the times, not lose them.
 */
public final class RunReport implements TestExecutionListener {

    /** The package whose tests are counted: Commons Lang's. */
    private static final String COUNTED = "org.apache.commons.";

    private final String run = System.getProperty("jgo.report.run");
    private final Map<String, Long> started = new ConcurrentHashMap<>();
    /** The CPU time of the test's thread when it started, by test; read when it finishes (the same thread: JUnit runs a test on one). */
    private final Map<String, Long> cpuStarted = new ConcurrentHashMap<>();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long planStart;
    private long tests;
    private long passed;
    private long failed;
    private long skipped;
    private long testNanos;
    private long testCpuNanos;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        planStart = System.nanoTime();
        if (ReportText.PLAIN.equals(run)) { // the build's first run: the runs of an earlier build are not this one's
            Path runs = Path.of(System.getProperty("jgo.report.dir", "target")).resolve("jgo-report");
            if (Files.isDirectory(runs)) {
                try (Stream<Path> files = Files.list(runs)) {
                    for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".properties"))::iterator) {
                        Files.delete(f);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot clear the earlier runs in " + runs, e);
                }
            }
        }
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (counted(test)) {
            cpuStarted.put(test.getUniqueId(), threads.getCurrentThreadCpuTime());
            started.put(test.getUniqueId(), System.nanoTime());
        }
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        if (counted(test)) {
            skipped++;
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        Long start = started.remove(test.getUniqueId());
        if (start == null) {
            return;
        }
        testNanos += System.nanoTime() - start;
        Long cpuStart = cpuStarted.remove(test.getUniqueId());
        if (cpuStart != null && cpuStart >= 0) {
            testCpuNanos += threads.getCurrentThreadCpuTime() - cpuStart;
        }
        tests++;
        if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
            passed++;
        } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
            failed++;
        } else {
            skipped++; // aborted: an assumption that did not hold
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        if (run == null || run.isBlank()) {
            return;
        }
        Path dir = Path.of(System.getProperty("jgo.report.dir", "target"));
        Properties p = new Properties();
        p.setProperty("run", run);
        p.setProperty("description", System.getProperty("jgo.report.description", run));
        p.setProperty("tests", Long.toString(tests));
        p.setProperty("passed", Long.toString(passed));
        p.setProperty("failed", Long.toString(failed));
        p.setProperty("skipped", Long.toString(skipped));
        p.setProperty("wallMillis", Long.toString((System.nanoTime() - planStart) / 1_000_000));
        p.setProperty("testMillis", Long.toString(testNanos / 1_000_000));
        p.setProperty("testCpuMillis", Long.toString(testCpuNanos / 1_000_000));
        p.setProperty("jitCpuMillis", Long.toString(CpuTimes.jitMillis()));
        p.setProperty("processCpuMillis", Long.toString(CpuTimes.processMillis()));
        p.setProperty("goroutineRuns", Long.toString(RunCounts.RUNS.sum()));
        p.setProperty("stressYields", Long.toString(RunCounts.STRESS_YIELDS.sum()));
        p.setProperty("pins", Long.toString(RunCounts.PINS.sum()));
        p.setProperty("preemptions", Long.toString(RunCounts.PREEMPTIONS.sum()));
        if (io.jgo.internal.cont.PinReport.enabled()) {
            p.setProperty("pinReport", io.jgo.internal.cont.PinReport.report());
        }
        Rewritten rewritten = rewritten();
        if (rewritten != null) {
            p.setProperty("classesRewritten", Long.toString(rewritten.classes));
            p.setProperty("libraryClassesRewritten", Long.toString(rewritten.libraryClasses));
            p.setProperty("bytesBefore", Long.toString(rewritten.bytesBefore));
            p.setProperty("bytesAfter", Long.toString(rewritten.bytesAfter));
        }
        try {
            Path runs = dir.resolve("jgo-report");
            Files.createDirectories(runs);
            try (var out = Files.newBufferedWriter(runs.resolve(run + ".properties"))) {
                p.store(out, "one run of the commons-lang module; see io.jgo.stress.RunReport");
            }
            String text = ReportText.of(runs);
            Files.writeString(dir.resolve("jgo-report.txt"), text);
            System.out.println(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report under " + dir, e);
        }
    }

    private static boolean counted(TestIdentifier test) {
        return test.isTest() && test.getSource().orElse(null) instanceof MethodSource m
                && m.getClassName().startsWith(COUNTED);
    }

    /** Classes of Commons Lang rewritten in this run, and their sizes before and after. */
    private record Rewritten(long classes, long libraryClasses, long bytesBefore, long bytesAfter) {
    }

    /**
     * The agent's {@code dump=} folder ({@code -Djgo.report.dump}): the classes this JVM rewrote
     * (written since it started: the folder may hold an earlier run's), against the originals on
     * the class path; or the build-time rewrite's input and output folders
     * ({@code -Djgo.report.aotIn}, {@code -Djgo.report.aotOut}): the classes whose bytes differ.
     */
    private static Rewritten rewritten() {
        Set<String> library = libraryClasses();
        String dump = System.getProperty("jgo.report.dump");
        String aotIn = System.getProperty("jgo.report.aotIn");
        String aotOut = System.getProperty("jgo.report.aotOut");
        long[] n = new long[4];
        if (dump != null) {
            long since = ManagementFactory.getRuntimeMXBean().getStartTime();
            forEachClass(Path.of(dump), (name, file) -> {
                if (file.toFile().lastModified() >= since) {
                    byte[] original = resource(name);
                    count(n, library, name, original == null ? 0 : original.length, size(file));
                }
            });
        } else if (aotIn != null && aotOut != null) {
            forEachClass(Path.of(aotOut), (name, file) -> {
                Path before = Path.of(aotIn).resolve(name);
                try {
                    if (Files.exists(before) && !Arrays.equals(Files.readAllBytes(before), Files.readAllBytes(file))) {
                        count(n, library, name, size(before), size(file));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } else {
            return null;
        }
        return new Rewritten(n[0], n[1], n[2], n[3]);
    }

    private static void count(long[] n, Set<String> library, String name, long before, long after) {
        if (!name.startsWith(COUNTED.replace('.', '/'))) {
            return;
        }
        n[0]++;
        if (library.contains(name)) {
            n[1]++;
        }
        n[2] += before;
        n[3] += after;
    }

    /** The class files of the library's own jar ({@code -Djgo.report.libraryJar}), by path. */
    private static Set<String> libraryClasses() {
        Set<String> names = new HashSet<>();
        String jar = System.getProperty("jgo.report.libraryJar");
        if (jar != null) {
            try (ZipFile zip = new ZipFile(jar)) {
                zip.stream().filter(e -> e.getName().endsWith(".class")).forEach(e -> names.add(e.getName()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return names;
    }

    private interface ClassFileAction {
        void accept(String name, Path file);
    }

    private static void forEachClass(Path root, ClassFileAction action) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".class"))
                    .forEach(f -> action.accept(root.relativize(f).toString().replace('\\', '/'), f));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The class file as the class path holds it (resources are not rewritten by the agent). */
    private static byte[] resource(String name) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
