package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.DeepYieldLoop;
import io.jgo.cont.shapes.LogicalTraces;
import io.jgo.internal.coroutine.Coroutine;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lazy resume (see {@code io.jgo.internal.cont.Entry}): after a suspension g0 re-enters only the
 * innermost saved frame, and frames still saved from an earlier suspension are not saved again.
 */
class LazyResumeTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void aYieldLoopAtDepthOneHundredReentersOneFramePerRoundTrip(Path path) throws ReflectiveOperationException {
        Runnable program = (Runnable) Differential.load(path, DeepYieldLoop.class).getConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        assertTrue(c.resume(), "the first run suspends at the bottom");
        // DEPTH frames of descend, run() and the yield's two frames (Yield.i and the suspend leaf).
        int saved = c.stack().depth();
        assertEquals(DeepYieldLoop.DEPTH + 3, saved, "records after the first suspension");
        assertEquals(0, c.reenteredAlone(), "the first run starts at the entry");
        assertTrue(c.resume());
        assertEquals(0, c.reenteredAlone(), "a first unwind is resumed the eager way (most goroutines park once)");
        assertEquals(saved, c.stack().depth());
        for (int round = 2; round < DeepYieldLoop.YIELDS; round++) {
            long before = c.reenteredAlone();
            assertTrue(c.resume(), "round " + round + " suspends again");
            assertEquals(before + 2, c.reenteredAlone(), "round " + round + ": g0 re-enters Yield.i (which re-enters "
                    + "its leaf) and hands its value to the loop's frame, nothing above it");
            assertEquals(saved, c.stack().depth(), "round " + round + ": the frames above stay saved, none twice");
        }
        long before = c.reenteredAlone();
        assertFalse(c.resume(), "the last round returns all the way up");
        assertEquals(before + 2 + DeepYieldLoop.DEPTH, c.reenteredAlone(),
                "the way up re-enters each saved frame once: Yield.i, the DEPTH frames of descend and run()");
        Object plain = expected(path);
        assertEquals(plain, program.getClass().getField("result").get(program));
    }

    private static Object expected(Path path) throws ReflectiveOperationException {
        Runnable plain = (Runnable) Differential.load(path, DeepYieldLoop.class).getConstructor().newInstance();
        plain.run();
        return plain.getClass().getField("result").get(plain);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void anExceptionHandedAcrossFramesReenteredAloneCarriesTheLogicalStack(Path path) {
        @SuppressWarnings("unchecked")
        List<String> traces = (List<String>) Differential.check(path, LogicalTraces.class, 9);
        // The plain run agrees (checked above: same methods, same lines); show the trace is whole.
        assertEquals(3, traces.size(), traces.toString());
        for (String t : traces) {
            assertTrue(t.matches("round \\d: inner:\\d+ middle:\\d+ outer:\\d+ run:\\d+"), "logical trace: " + t);
        }
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aParkedStackListsItsFramesOutermostFirstWhateverTheirLayout(Path path) throws ReflectiveOperationException {
        Runnable program = (Runnable) Differential.load(path, DeepYieldLoop.class).getConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        assertTrue(c.resume());
        List<String> first = c.stack().savedFrames(); // the eager layout, as the unwind pushed it
        assertEquals(DeepYieldLoop.DEPTH + 3, first.size(), first.toString());
        assertTrue(first.get(0).contains("DeepYieldLoop.run"), "outermost first: " + first.get(0));
        assertTrue(first.get(1).contains("DeepYieldLoop.descend"), first.get(1));
        assertTrue(first.get(first.size() - 2).contains("Yield.i"), first.get(first.size() - 2));
        assertTrue(first.get(first.size() - 1).contains("Coroutine.suspend"), "innermost last: " + first.get(first.size() - 1));
        assertTrue(c.resume());
        assertEquals(first, c.stack().savedFrames(), "the same frames in the lazy layout");
        assertTrue(c.resume());
        assertEquals(first, c.stack().savedFrames(), "the same frames after a lazy round trip");
        assertTrue(c.reenteredAlone() > 0, "the last resume was a lazy one");
    }
}
