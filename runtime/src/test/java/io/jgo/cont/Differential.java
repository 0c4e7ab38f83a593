package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.Instrumenter;
import io.jgo.cont.shapes.Program;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.coroutine.Coroutine;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Differential harness: runs a {@link Program} as plain Java, then as a coroutine that yields at
 * every suspension point, and asserts identical results. Two paths to the rewritten code: the
 * agent (the class as the test JVM loaded it) and the build-time path (the class bytes rewritten
 * by {@link Instrumenter} directly and defined in a fresh loader). {@link #check} runs every
 * program in both {@link Mode}s.
 */
public final class Differential {

    public enum Path { AGENT, BUILD_TIME }

    /** How often the coroutine suspends. */
    public enum Mode {
        /** At the program's own yield primitives only. */
        YIELDS,
        /**
         * Also at every rewritten prologue and loop poll ({@link Coroutine#Coroutine(Runnable, boolean)}):
         * each call of a rewritten method is a suspension and a resume of the whole logical stack.
         */
        EVERY_POINT
    }

    private Differential() {
    }

    /**
     * Asserts same result both ways, no pin, and at least {@code minYields} suspensions, in both
     * {@link Mode}s (in {@link Mode#EVERY_POINT}, more suspensions than in {@link Mode#YIELDS});
     * returns the result.
     */
    public static Object check(Path path, Class<? extends Program> type, int minYields) {
        Run run = runBoth(path, type);
        assertEquals(render(run.plain), render(run.asGoroutine), "result as a goroutine differs from plain Java");
        assertEquals(0, run.pins, "the program pinned instead of unwinding");
        assertTrue(run.yields >= minYields, "expected at least " + minYields + " suspensions, saw " + run.yields);
        Run everyPoint = runBoth(path, type, Mode.EVERY_POINT);
        assertEquals(render(run.plain), render(everyPoint.asGoroutine),
                "result as a coroutine suspending at every point differs from plain Java");
        assertEquals(0, everyPoint.pins, "the program pinned instead of unwinding (suspending at every point)");
        assertTrue(everyPoint.yields > run.yields, "suspending at every point should add suspensions to the "
                + run.yields + " of the yields alone, saw " + everyPoint.yields);
        assertTrue(everyPoint.reenteredAlone > 0, "suspending at every point, g0 should re-enter frames alone (the lazy resume)");
        return run.asGoroutine;
    }

    /** What one program did as plain Java and as a coroutine. */
    public static final class Run {
        public Object plain;
        public Object asGoroutine;
        public int yields;
        public int pins;
        /** Frames g0 re-entered alone, the lazy way ({@code io.jgo.internal.cont.Entry}). */
        public long reenteredAlone;
    }

    public static Run runBoth(Path path, Class<? extends Program> type) {
        return runBoth(path, type, Mode.YIELDS);
    }

    public static Run runBoth(Path path, Class<? extends Program> type, Mode mode) {
        Run run = new Run();
        run.plain = newProgram(type, path).runPlain();
        Loaded p = newProgram(type, path);
        Coroutine c = new Coroutine(p.program, mode == Mode.EVERY_POINT);
        while (c.resume()) { // the records are checked after every suspension: a shape that breaks them fails here
            run.yields++;
            StackAccess.checkInvariants(c.stack());
        }
        StackAccess.checkInvariants(c.stack());
        run.pins = c.pins();
        run.reenteredAlone = c.reenteredAlone();
        run.asGoroutine = p.result();
        return run;
    }

    static String render(Object o) {
        if (o instanceof Object[]) {
            return java.util.Arrays.deepToString((Object[]) o);
        }
        if (o instanceof int[]) {
            return java.util.Arrays.toString((int[]) o);
        }
        if (o instanceof long[]) {
            return java.util.Arrays.toString((long[]) o);
        }
        return Objects.toString(o);
    }

    private static final class Loaded {
        final Runnable program;

        Loaded(Runnable program) {
            this.program = program;
        }

        Object runPlain() {
            program.run();
            return result();
        }

        Object result() {
            try {
                return program.getClass().getField("result").get(program);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** The program class as the given path rewrote it. */
    public static Class<?> load(Path path, Class<?> type) throws ClassNotFoundException {
        return path == Path.AGENT ? type : REWRITING.loadClass(type.getName());
    }

    private static Loaded newProgram(Class<? extends Program> type, Path path) {
        try {
            Class<?> c = load(path, type);
            Constructor<?> ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            return new Loaded((Runnable) ctor.newInstance());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Problems the build-time rewrite reported (tests assert on them). */
    public static final List<String> REPORTS = new ArrayList<>();

    static final Instrumenter INSTRUMENTER = new Instrumenter(ClassBytes.of(Differential.class.getClassLoader()),
            new Diagnostics() {
                @Override
                public void warning(String message) {
                    synchronized (REPORTS) {
                        REPORTS.add("warning: " + message);
                    }
                }

                @Override
                public void failed(InstrumentationException e) {
                    synchronized (REPORTS) {
                        REPORTS.add("failed: " + e.getMessage());
                    }
                    throw e;
                }
            }, true);

    /** Loads the test programs of this package from their original bytes, rewritten at "build time". */
    static final ClassLoader REWRITING = new RewritingLoader(Differential.class.getClassLoader(), INSTRUMENTER);
}
