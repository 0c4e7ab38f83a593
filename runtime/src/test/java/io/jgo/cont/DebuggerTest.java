package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jgo.cont.DebuggedJvm.Hit;
import io.jgo.cont.DebuggedJvm.Kind;
import io.jgo.cont.DebuggedJvm.Run;
import io.jgo.cont.debuggee.ResumedFrames;
import io.jgo.testing.Heavy;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A debugger sees rewritten code as the source reads: a breakpoint on a line after a
 * suspending call, reached only once the frame was resumed, stops at that line, and the frame's
 * local variable table shows the values the live locals hold there. The program,
 * {@link ResumedFrames}, runs in a JVM of its own under JDI ({@link DebuggedJvm}) with the jgo agent,
 * and again without it, where the same breakpoints must show the same values (the control: it
 * proves the expectations, so a difference under the agent is the rewrite's).
 *
 * <p>The breakpoints, in the order the program reaches them:
 * <ol>
 * <li>{@code middle}, after {@code Coroutine.suspend()}: the innermost frame, back through its own
 *     restore code (the goroutine's first unwind: every frame is re-entered from the entry);</li>
 * <li>{@code middle}, after {@code Yield.here()}: re-entered alone by g0 after the callee returned;</li>
 * <li>{@code outer}, after {@code middle()}: re-entered alone after {@code middle} returned.</li>
 * </ol>
 * Under the agent each must come after the suspensions before it (a counter the debuggee keeps), and
 * the frame below it must be the class's resume entry: the frame really was re-entered, not run on
 * from the first call. Only locals live at the line are asserted; a dead one may show its default.
 *
 * <p>Also: stopped at the first instruction of a rewritten method (a method breakpoint, a step into
 * the call), the debugger sees the parameters, as in the plain method.
 */
@Heavy
class DebuggerTest {

    private static final Path SOURCE = Path.of("src", "test", "java", "io", "jgo", "cont", "debuggee", "ResumedFrames.java");
    private static final Path OUT = Path.of("target", "jdi");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String RESUME_ENTRY = "ResumedFrames.$jgo$resume";
    private static final Path DUMP = OUT.resolve("rewritten-classes");
    /** Failure messages of runs under the agent say where the rewritten classes are, to read with javap. */
    private static final String REWRITTEN = "rewritten classes (javap -c -l -p): " + DUMP.toAbsolutePath();

    /** A breakpoint and what it must show. {@code caller}: the frame below it without the agent. */
    /** {@code alone}: under the agent, the frame was re-entered alone by g0 (a goroutine's first unwind is resumed the eager way). */
    private record Expected(int line, String method, String caller, int suspensionsBefore, boolean alone, Map<String, Object> locals) {
    }

    private static final int SEED = ResumedFrames.SEED;
    private static final long BIG = (1L << 40) + SEED;
    private static final int COUNT_AFTER_LEAF = SEED * 3 + SEED;
    private static final long FROM_MIDDLE = COUNT_AFTER_LEAF + 2 * BIG + ("name-" + SEED + "!").length() - (SEED + 1) + (SEED + 2);

    private static final List<Expected> EXPECTED = List.of(
            new Expected(ResumedFrames.MIDDLE_AFTER_LEAF_LINE, "middle", "ResumedFrames.outer", 1, false, locals(
                    "count", SEED * 3,
                    "big", BIG,
                    "name", "name-" + SEED,
                    "values", List.of(SEED, SEED + 1, SEED + 2))),
            new Expected(ResumedFrames.MIDDLE_AFTER_CALL_LINE, "middle", "ResumedFrames.outer", 2, true, locals(
                    "count", COUNT_AFTER_LEAF,
                    "big", 2 * BIG,
                    "name", "name-" + SEED + "!",
                    "values", List.of(SEED, -(SEED + 1), SEED + 2))),
            new Expected(ResumedFrames.OUTER_AFTER_CALL_LINE, "outer", "ResumedFrames.run", 2, true, locals(
                    "tag", "outer-" + SEED,
                    "ratio", SEED / 2.0,
                    "fromMiddle", FROM_MIDDLE)));

    @BeforeAll
    static void lineConstantsMatchTheSource() throws IOException {
        List<String> source = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        check(source, ResumedFrames.MIDDLE_AFTER_LEAF_LINE, "MIDDLE_AFTER_LEAF_LINE");
        check(source, ResumedFrames.MIDDLE_AFTER_CALL_LINE, "MIDDLE_AFTER_CALL_LINE");
        check(source, ResumedFrames.OUTER_AFTER_CALL_LINE, "OUTER_AFTER_CALL_LINE");
    }

    @Test
    void breakpointsInResumedFramesShowTheirLinesAndLiveLocals() throws Exception {
        Run run = debug("rewritten", withAgent(), breakpointLines(), List.of());
        assertRun(run, true, REWRITTEN);
    }

    @Test
    void withoutTheAgentTheSameBreakpointsShowTheSameLocals() throws Exception {
        assertRun(debug("plain", List.of(), breakpointLines(), List.of()), false, "no agent");
    }

    /**
     * A debugger stopped at a method's first instruction (a method breakpoint, or a step into the
     * call) sees its parameters there, before the rewrite's prologue has run, as in the plain
     * method. Asserted at the first entry of each method, the call from its caller in the source;
     * a frame re-entered by the resume is entered again, and its parameters hold their defaults
     * until the prologue restores them.
     */
    @Test
    void parametersAreVisibleAtTheFirstInstruction() throws Exception {
        assertFirstEntries(debug("entries-rewritten", withAgent(), new int[0], List.of("outer", "middle")), REWRITTEN);
        assertFirstEntries(debug("entries-plain", List.of(), new int[0], List.of("outer", "middle")), "no agent");
    }

    private static void assertFirstEntries(Run run, String context) {
        String all = context + "; every hit: " + run.hits() + "; debuggee output:\n" + run.output();
        assertEquals(0, run.exitStatus(), "expected the debuggee to exit with status 0; " + all);
        Map<String, String> callers = Map.of("outer", "ResumedFrames.run", "middle", "ResumedFrames.outer");
        callers.forEach((method, caller) -> {
            Hit h = run.hits().stream().filter(x -> x.kind() == Kind.ENTRY && x.method().equals(method)).findFirst()
                    .orElseThrow(() -> new AssertionError("expected the debugger to stop at the entry of " + method + "(); " + all));
            String at = "at the entry of " + method + "() (" + context + "): ";
            assertEquals(caller, h.stack().get(1), at + "expected the first entry to be the call from the source's caller; the hit: " + h);
            assertEquals(0, h.codeIndex(), at + "expected to stop at bytecode offset 0; the hit: " + h);
            assertEquals(Map.of("seed", SEED), h.locals(), at + "expected the parameter, and only it, visible (left), seen (right); the hit: " + h);
        });
    }

    private static List<String> withAgent() {
        return List.of("-javaagent:" + agentJar() + "=verify,dump=" + DUMP.toAbsolutePath());
    }

    private static int[] breakpointLines() {
        return EXPECTED.stream().mapToInt(Expected::line).toArray();
    }

    private static Run debug(String name, List<String> agent, int[] lines, List<String> entries) throws Exception {
        List<String> options = new ArrayList<>(agent);
        options.addAll(List.of("-cp", System.getProperty("java.class.path")));
        return new DebuggedJvm(options, ResumedFrames.class.getName(), lines, entries, List.of("suspensions"), TIMEOUT,
                OUT.resolve("debuggee-" + name + ".log")).run();
    }

    private static void assertRun(Run run, boolean rewritten, String context) {
        String all = context + "; every hit: " + run.hits() + "; debuggee output:\n" + run.output();
        assertEquals(0, run.exitStatus(), "expected the debuggee to exit with status 0; " + all);
        if (rewritten) {
            assertTrue(run.output().contains(" pins=0"), "expected the debuggee to report pins=0 (every suspension unwound); " + all);
        }
        assertEquals(EXPECTED.stream().map(Expected::line).collect(Collectors.toList()),
                run.hits().stream().map(Hit::line).collect(Collectors.toList()),
                "expected each breakpoint line hit once, in this order (lines seen on the right); " + all);
        for (int i = 0; i < EXPECTED.size(); i++) {
            Expected e = EXPECTED.get(i);
            Hit h = run.hits().get(i);
            String at = "at the breakpoint on line " + e.line() + " (" + context + "): ";
            String seen = "; the hit: " + h;
            assertEquals(e.method(), h.method(), at + "expected to stop in " + e.method() + "(), stopped in " + h.method() + "()" + seen);
            assertEquals(rewritten ? e.suspensionsBefore() : 0, h.statics().get("suspensions"),
                    at + "expected this many suspensions of the coroutine before the hit (left), seen (right)" + seen);
            boolean alone = rewritten && e.alone();
            assertEquals(alone ? RESUME_ENTRY : e.caller(), h.stack().get(1),
                    at + "expected the frame below " + e.method() + "() to be "
                            + (alone ? "the resume entry (the frame was re-entered alone)" : "its caller in the source") + seen);
            e.locals().forEach((name, value) -> {
                assertTrue(h.locals().containsKey(name), at + "expected a visible local '" + name + "'; visible: " + h.locals().keySet() + seen);
                assertEquals(value, h.locals().get(name), at + "local '" + name + "': expected (left), seen (right)" + seen);
            });
        }
    }

    /** The agent's jar, from the -javaagent option Surefire gave this JVM (it is not on the class path). */
    private static String agentJar() {
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (String a : jvmArgs) {
            if (a.startsWith("-javaagent:") && a.contains("jgo-agent")) {
                String spec = a.substring("-javaagent:".length());
                int options = spec.indexOf('=');
                return options < 0 ? spec : spec.substring(0, options);
            }
        }
        return fail("expected the jgo agent in a -javaagent option of this JVM (Surefire's argLine, see runtime/pom.xml)"
                + " to give it to the debuggee; run the tests with `mvn verify`. This JVM's options: " + jvmArgs);
    }

    private static void check(List<String> source, int line, String name) {
        String text = line >= 1 && line <= source.size() ? source.get(line - 1) : "(no such line: the file has " + source.size() + ")";
        assertTrue(text.endsWith("// " + name), "expected line " + line + " of " + SOURCE + " to end with the comment // " + name
                + " (ResumedFrames." + name + " = " + line + "), it reads: " + text);
    }

    private static Map<String, Object> locals(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }
}
