package io.jgo.bench.report;

import io.jgo.Go;
import io.jgo.bench.macro.Compare;
import io.jgo.bench.startup.FirstLine;
import io.jgo.bench.startup.HelloGoroutine;
import io.jgo.bench.startup.HelloThread;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Start-up overhead: how long a fresh JVM takes to print the first line of the smallest goroutine
 * program, in three configurations, each run several times in alternation (the order turns every
 * round, so a drift of the machine spreads over all three) after one untimed run each (which fills
 * the file cache and checks that the configuration works):
 *
 * <ul>
 *   <li>{@code plain}: {@link HelloThread}, the same program shape in plain Java on a platform thread,
 *       no jgo on the class path: the floor the JVM gives any program;</li>
 *   <li>{@code agent}: {@link HelloGoroutine} as javac wrote it, rewritten as it loads by
 *       {@code -javaagent:jgo-agent.jar} with default options (the agent's start, its scan of every
 *       loaded class, the rewrite);</li>
 *   <li>{@code build-time}: {@link HelloGoroutine} rewritten ahead of time by the instrumenter's CLI,
 *       as an application's build would, run without the agent (with {@code --add-opens
 *       java.base/java.lang=ALL-UNNAMED}, which the agent otherwise does).</li>
 * </ul>
 *
 * Every round runs each configuration twice. Both runs record the wall time from starting the
 * process to reading its first line (fork and exec, the launcher, the JVM's start, the program up to
 * that line). The first also asks the program for the JVM's own uptime at that line
 * ({@link FirstLine}: from the VM's initialisation, so without the launcher); the second does not
 * ask, because answering loads the management classes after the line, and records the wall time
 * to the process's exit. The jgo configurations' class path is the program, the jgo runtime and
 * JCTools, its one dependency; no JVM flag is given but those named. The agent and instrumenter
 * jars come from {@code -Djgo.bench.agentJar} and {@code -Djgo.bench.instrumenterJar} (set by
 * {@code exec:exec@report}); a configuration that cannot run says why in the CSV.
 */
final class StartupRuns {

    static final List<String> COLUMNS = List.of("config", "status", "run", "wall_first_line_ms", "jvm_first_line_ms",
            "wall_exit_ms", "note");
    static final String AGENT_JAR = "jgo.bench.agentJar";
    static final String INSTRUMENTER_JAR = "jgo.bench.instrumenterJar";

    private static final String PACKAGE = "io/jgo/bench/startup";
    /** A class of JCTools, the runtime's one dependency (looked up by name: this module does not use JCTools itself). */
    private static final String JCTOOLS_CLASS = "org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue";
    private static final long TIMEOUT_SECONDS = 120;

    /** One configuration: its command, the first line it must print and how it runs; or why it cannot run. */
    private record Config(String name, List<String> command, String line, String how, String problem) {
    }

    /** One timed JVM: its times in ms (the JVM's uptime NaN when not asked), or why it has none. */
    private record Timing(double wallFirstLine, double jvmFirstLine, double wallExit, String problem, String said) {
    }

    /** One run of a round: a configuration, asked for its uptime or timed to its exit. */
    private record Run(Config config, boolean uptime) {
    }

    private StartupRuns() {
    }

    /** The runs per configuration of each mode. */
    static int runs(boolean quick) {
        return quick ? 3 : 11;
    }

    static void run(Path csv, String mode, int runs, PrintStream progress) throws IOException, InterruptedException {
        Files.deleteIfExists(csv);
        Path work = Files.createTempDirectory("jgo-startup-");
        try {
            List<Config> configs = configs(work);
            List<List<String>> rows = new ArrayList<>();
            List<Config> runnable = new ArrayList<>();
            for (Config c : configs) {
                if (c.problem() != null) {
                    rows.add(List.of(c.name(), "not-measured", "", "", "", "", c.problem()));
                    continue;
                }
                Timing check = time(c, true); // untimed: file cache, and does it work at all
                if (check.problem() != null) {
                    rows.add(List.of(c.name(), "failed", "", "", "", "", check.problem() + "; " + c.how()));
                    progress.printf("    start-up %-10s %s%n", c.name(), check.problem());
                } else {
                    runnable.add(c);
                }
            }
            List<Run> round = new ArrayList<>();
            runnable.forEach(c -> round.addAll(List.of(new Run(c, true), new Run(c, false))));
            int total = runs * round.size();
            int done = 0;
            long start = System.nanoTime();
            for (int run = 1; run <= runs; run++) {
                for (int i = 0; i < round.size(); i++) {
                    Run r = round.get((i + run) % round.size()); // the order turns every round
                    Config c = r.config();
                    Timing t = time(c, r.uptime());
                    done++;
                    if (t.problem() != null) {
                        rows.add(List.of(c.name(), "failed", Integer.toString(run), "", "", "", t.problem() + "; " + c.how()));
                    } else {
                        rows.add(List.of(c.name(), "ok", Integer.toString(run), ms(t.wallFirstLine()), ms(t.jvmFirstLine()),
                                ms(t.wallExit()), c.how() + (t.said() == null ? "" : "; it said: " + t.said())));
                    }
                    double perJvm = (System.nanoTime() - start) / 1e9 / done;
                    progress.printf("    [%d/%d] start-up %-10s %s   (about %s left)%n", done, total, c.name(),
                            t.problem() != null ? t.problem() : "first line after " + ms(t.wallFirstLine()) + " ms"
                                    + (r.uptime() ? " (JVM uptime " + ms(t.jvmFirstLine()) + " ms)" : ", exit after " + ms(t.wallExit()) + " ms"),
                            Compare.left(perJvm * (total - done)));
                }
            }
            Map<String, String> meta = Compare.machine(mode);
            meta.put("runs", Integer.toString(runs));
            meta.put("java", Path.of(System.getProperty("java.home"), "bin", "java").toString());
            ExtrasCsv.write(csv, meta, COLUMNS, rows);
        } finally {
            deleteTree(work);
        }
    }

    private static List<Config> configs(Path work) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path plain = work.resolve("plain");
        copyProgram(plain);
        List<String> runtime = new ArrayList<>(List.of(location(Go.class)));
        try { // the runtime's one dependency, where this class path has it
            runtime.add(location(Class.forName(JCTOOLS_CLASS, false, StartupRuns.class.getClassLoader())));
        } catch (ClassNotFoundException e) {
            // a runtime without JCTools: its class path is its own
        }
        String jgo = String.join(File.pathSeparator, runtime);
        String program = plain + File.pathSeparator + jgo;
        List<Config> configs = new ArrayList<>();
        configs.add(new Config("plain", List.of(java, "-cp", plain.toString(), HelloThread.class.getName()), HelloThread.LINE,
                "HelloThread: a platform thread hands main its line over a SynchronousQueue; no jgo", null));

        String agentHow = "HelloGoroutine as javac wrote it, rewritten as it loads by the agent (default options)";
        String agentProblem = missingJar(AGENT_JAR, "agent jar");
        configs.add(agentProblem == null
                ? new Config("agent", List.of(java, "-javaagent:" + System.getProperty(AGENT_JAR), "-cp", program,
                        HelloGoroutine.class.getName()), HelloGoroutine.LINE, agentHow, null)
                : new Config("agent", List.of(), HelloGoroutine.LINE, agentHow, agentProblem));

        String builtHow = "HelloGoroutine rewritten ahead of time by the instrumenter's CLI; no agent; --add-opens java.base/java.lang=ALL-UNNAMED";
        String problem = missingJar(INSTRUMENTER_JAR, "instrumenter jar");
        Path rewritten = work.resolve("rewritten");
        if (problem == null) {
            problem = rewrite(java, System.getProperty(INSTRUMENTER_JAR), plain, rewritten, jgo);
        }
        configs.add(problem == null
                ? new Config("build-time", List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                        rewritten + File.pathSeparator + jgo, HelloGoroutine.class.getName()), HelloGoroutine.LINE, builtHow, null)
                : new Config("build-time", List.of(), HelloGoroutine.LINE, builtHow, problem));
        return configs;
    }

    /** Null when the system property names a jar that exists, else why it does not. */
    private static String missingJar(String property, String what) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank() || value.contains("${")) {
            return "no " + what + ": -D" + property + " is not set (exec:exec@report sets it)";
        }
        return new File(value).isFile() ? null : "no " + what + " at " + value + " (-D" + property + "; build it with package first)";
    }

    /** Copies this package's classes, as javac wrote them (the build leaves them alone), into {@code dir}. */
    private static void copyProgram(Path dir) throws IOException {
        URL url = HelloGoroutine.class.getResource("HelloGoroutine.class");
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IOException("the start-up programs are not in a class folder (" + url + "): run from the module's target/classes");
        }
        Path from;
        try {
            from = Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path to = Files.createDirectories(dir.resolve(PACKAGE));
        try (Stream<Path> classes = Files.list(from)) {
            for (Path c : classes.filter(p -> p.toString().endsWith(".class") && !p.endsWith("package-info.class")).toList()) {
                Files.copy(c, to.resolve(c.getFileName().toString()));
            }
        }
    }

    /** Rewrites {@code in} into {@code out} with the instrumenter's CLI; null, or why it could not. */
    private static String rewrite(String java, String instrumenter, Path in, Path out, String classpath)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("jgo-startup-rewrite-", ".log");
        try {
            Process p = new ProcessBuilder(java, "-cp", instrumenter, "io.jgo.instrument.cli.Main", in.toString(), out.toString(),
                    "--classpath", classpath).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return "the instrumenter's CLI timed out";
            }
            if (p.exitValue() != 0) {
                return "the instrumenter's CLI failed (exit " + p.exitValue() + "): "
                        + FootprintRuns.telling(Files.readAllLines(log, StandardCharsets.UTF_8));
            }
            String hello = PACKAGE + "/" + HelloGoroutine.class.getSimpleName() + ".class";
            if (Arrays.equals(Files.readAllBytes(in.resolve(hello)), Files.readAllBytes(out.resolve(hello)))) {
                return "the instrumenter's CLI left HelloGoroutine as it was: nothing to measure";
            }
            return null;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** One fresh JVM of {@code c}, timed from the harness; asked for its uptime, or not (then timed to its exit). */
    private static Timing time(Config c, boolean uptimeAsked) throws IOException, InterruptedException {
        Path err = Files.createTempFile("jgo-startup-", ".err");
        List<String> command = new ArrayList<>(c.command());
        if (uptimeAsked) {
            command.add(FirstLine.ASK_UPTIME);
        }
        try {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            // Set by the watchdog before it kills the child, read by this thread after the child's
            // output ends (the kill closes the stream, and readLine throws or returns null).
            AtomicBoolean killed = new AtomicBoolean();
            Thread watchdog = Thread.ofPlatform().daemon().start(() -> { // readLine below would wait for ever on a hung child
                try {
                    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                        killed.set(true);
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    // the child has exited: nothing to watch
                }
            });
            String first = null;
            Long uptime = null;
            long firstAt = 0;
            try (BufferedReader out = p.inputReader(StandardCharsets.UTF_8)) {
                first = out.readLine();
                firstAt = System.nanoTime();
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith(FirstLine.UPTIME)) {
                        uptime = Long.parseLong(line.substring(FirstLine.UPTIME.length()).trim());
                    }
                }
            } catch (IOException e) {
                if (!killed.get()) {
                    throw e;
                }
            }
            int exit = p.waitFor();
            long exitAt = System.nanoTime();
            watchdog.interrupt();
            List<String> stderr = Files.readAllLines(err, StandardCharsets.UTF_8);
            if (killed.get()) {
                return new Timing(0, 0, 0, "killed after " + TIMEOUT_SECONDS + " s" + (first == null ? " without a line" : " after its line \""
                        + first + "\"") + "; stderr: " + FootprintRuns.telling(stderr), null);
            }
            if (exit != 0 || first == null) {
                return new Timing(0, 0, 0, "failed (exit " + exit + "): " + FootprintRuns.telling(stderr), null);
            }
            if (!first.equals(c.line()) || (uptimeAsked && uptime == null)) {
                return new Timing(0, 0, 0, "printed \"" + first + "\" instead of \"" + c.line() + "\""
                        + (uptimeAsked ? " and its uptime" : ""), null);
            }
            String said = stderr.stream().filter(l -> !l.isBlank()).findFirst().map(String::trim).orElse(null);
            return new Timing((firstAt - start) / 1e6, uptimeAsked ? uptime : Double.NaN, uptimeAsked ? Double.NaN : (exitAt - start) / 1e6,
                    null, said);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static String location(Class<?> c) throws IOException {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("cannot tell where " + c.getName() + " was loaded from: " + e, e);
        }
    }

    /** Milliseconds as the CSV holds them; empty for NaN (not measured in this run). */
    private static String ms(double v) {
        return Double.isNaN(v) ? "" : String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
