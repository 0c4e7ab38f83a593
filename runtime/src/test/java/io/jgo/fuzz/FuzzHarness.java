package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Compiles one generated program and runs it every way, against its plain run. The same text is
 * compiled into {@link #PRISTINE} (which the test JVM's agent is told to exclude, see the Surefire
 * argLine) and {@link #AGENT}; then:
 * <ul>
 *   <li>plain: the pristine classes, unrewritten, on the test thread — the expected result;</li>
 *   <li>for each path, agent (the agent rewrites {@link #AGENT} as it is defined) and build-time
 *       (an {@code Instrumenter} rewrites the pristine bytes, as the CLI would):
 *   <ul>
 *     <li>a {@code Coroutine} stepping it with every, some and no suspension point suspending;</li>
 *     <li>the real scheduler at a random GOMAXPROCS of 1–8, several copies at once, each copy
 *         with its own suspension mode, yielding with {@code Go.gosched}.</li>
 *   </ul></li>
 * </ul>
 * Every run must produce exactly the plain result. A build-time rewrite that refuses a class is a
 * finding too (a valid program the rewrite cannot handle).
 */
final class FuzzHarness {

    static final String PRISTINE = "io.jgo.fuzz.pristine";
    static final String AGENT = "io.jgo.fuzz.gen";
    static final int COPIES = 3;

    /** The outcome for one program. {@code failures} empty: all runs agreed with the plain run. */
    record Verdict(boolean discarded, String expected, List<String> failures) {
        boolean passed() {
            return failures.isEmpty();
        }
    }

    private FuzzHarness() {
    }

    static Verdict check(ProgramSource program, long seed) {
        TestedBuild.requireThisTree();
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(PRISTINE + "." + program.className(), program.inPackage(PRISTINE));
        sources.put(AGENT + "." + program.className(), program.inPackage(AGENT));
        long start = System.nanoTime();
        Map<String, byte[]> all = InMemoryCompiler.compile(sources);
        Stats.TOTAL.add("ms compiling", (System.nanoTime() - start) / 1_000_000);
        Map<String, byte[]> pristine = only(all, PRISTINE);
        Map<String, byte[]> agent = only(all, AGENT);

        String expected = Runs.plain(load(ProgramLoader.asIs(pristine), PRISTINE, program));
        Stats.TOTAL.add("programs", 1);
        FuzzReport.dumpIfAsked(program.className() + ".expected", expected);
        if (expected.contains("!RunawayProgram")) {
            Stats.TOTAL.add("programs discarded (too long)", 1);
            return new Verdict(true, expected, List.of());
        }
        List<String> failures = new ArrayList<>();
        Random random = new Random(seed);
        ProgramLoader buildTime = ProgramLoader.buildTime(pristine);
        Map<String, Class<?>> paths = new LinkedHashMap<>();
        paths.put("agent", load(ProgramLoader.asIs(agent), AGENT, program));
        paths.put("build-time", load(buildTime, PRISTINE, program));
        for (Map.Entry<String, Class<?>> path : paths.entrySet()) {
            for (Trace.Suspend mode : Trace.Suspend.values()) {
                String what = path.getKey() + ", coroutine, " + mode + " suspends";
                Stats.TOTAL.add("runs: coroutine " + mode, 1);
                compare(what, expected, Runs.coroutine(path.getValue(), mode, seed, Stats.TOTAL), failures);
            }
            int procs = 1 + random.nextInt(8);
            List<Trace.Suspend> modes = new ArrayList<>();
            for (int i = 0; i < COPIES; i++) {
                modes.add(Trace.Suspend.values()[random.nextInt(Trace.Suspend.values().length)]);
            }
            long before = System.nanoTime();
            List<String> results = Runs.scheduler(path.getValue(), procs, modes, seed);
            Stats.TOTAL.add("ms in the scheduler", (System.nanoTime() - before) / 1_000_000);
            Stats.TOTAL.add("runs: scheduler (copies)", COPIES);
            for (int i = 0; i < results.size(); i++) {
                compare(path.getKey() + ", scheduler GOMAXPROCS " + procs + ", copy " + i + ", " + modes.get(i) + " suspends",
                        expected, results.get(i), failures);
            }
        }
        if (!buildTime.failures.isEmpty()) { // classes load lazily: only now have all been rewritten
            failures.add("build-time rewrite refused a class of the program: " + buildTime.failures);
        }
        return new Verdict(false, expected, failures);
    }

    private static void compare(String what, String expected, String actual, List<String> failures) {
        if (!expected.equals(actual)) {
            failures.add(what + ":\n    expected " + excerpt(expected, actual) + "\n    but was  " + excerpt(actual, expected));
        }
    }

    /** The text around the first difference, so a long trace still shows where runs part. */
    static String excerpt(String s, String other) {
        int i = 0;
        while (i < s.length() && i < other.length() && s.charAt(i) == other.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 120);
        int to = Math.min(s.length(), i + 200);
        return (from > 0 ? "..." : "") + s.substring(from, to) + (to < s.length() ? "..." : "");
    }

    private static Map<String, byte[]> only(Map<String, byte[]> classes, String pkg) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        classes.forEach((name, bytes) -> {
            if (name.startsWith(pkg + ".")) {
                out.put(name, bytes);
            }
        });
        return out;
    }

    private static Class<?> load(ClassLoader loader, String pkg, ProgramSource program) {
        try {
            return Class.forName(pkg + "." + program.className(), true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
