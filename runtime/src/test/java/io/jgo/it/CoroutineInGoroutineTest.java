package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.coroutine.Coroutine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link Coroutine} stepped from inside a goroutine whose own frames are rewritten: the
 * goroutine's frames sit below the coroutine's on the carrier, each with its stack (the goroutine's
 * words while they run, the coroutine's while it steps). The coroutine's body suspends at every
 * point (every rewritten prologue and loop head asks for a preemption), rethrows across frames it
 * re-entered, and the goroutine suspends itself between two steps, so the coroutine goes on on
 * another carrier. Neither may see the other's handshake, unwind or resume: both must compute what
 * plain Java computes. The fuzzer's harness is this shape under the whole-application rule (its own
 * frames are rewritten there); this test runs in both Surefire executions.
 */
@Timeout(120)
class CoroutineInGoroutineTest {

    private static final int GOROUTINES = 8;

    /** The coroutine's body: loops, calls, an exception caught two frames out, explicit yields. */
    @Goroutine
    static long body(int seed) {
        long acc = seed;
        for (int i = 0; i < 12; i++) {
            try {
                acc = acc * 31 + step(i, seed);
            } catch (IllegalStateException e) {
                acc ^= e.getMessage().length();
            }
            Coroutine.suspend();
        }
        return acc;
    }

    @Goroutine
    static int step(int i, int seed) {
        int v = deeper(i + seed);
        if (i % 5 == 4) {
            throw new IllegalStateException("step " + i);
        }
        return v + i;
    }

    @Goroutine
    static int deeper(int x) {
        Coroutine.suspend();
        return x * 7 + 1;
    }

    /** The goroutine's own rewritten frames below the coroutine: a few levels, then the stepping loop. */
    @Goroutine
    static long stepFrom(int levels, int seed, int[] steps) {
        if (levels > 0) {
            return stepFrom(levels - 1, seed, steps) + 0;
        }
        long[] out = new long[1];
        Coroutine co = new Coroutine(() -> out[0] = body(seed), true);
        while (co.resume()) {
            steps[0]++;
            if (steps[0] % 3 == 0) {
                Go.gosched(); // the goroutine unwinds its own frames; the coroutine goes on wherever it resumes
            }
        }
        return out[0];
    }

    @Test
    void aCoroutineSteppedInsideARewrittenGoroutineComputesWhatPlainJavaComputes() {
        long[] expected = new long[GOROUTINES];
        for (int g = 0; g < GOROUTINES; g++) {
            expected[g] = body(g); // plain: no goroutine, nothing suspends
        }
        long[] got = new long[GOROUTINES];
        int[][] steps = new int[GOROUTINES][1];
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup done = new WaitGroup();
            done.add(GOROUTINES);
            for (int g = 0; g < GOROUTINES; g++) {
                int id = g;
                Go.go(() -> {
                    got[id] = stepFrom(3, id, steps[id]);
                    done.done();
                });
            }
            done.await();
        });
        assertArrayEquals(expected, got);
        for (int g = 0; g < GOROUTINES; g++) {
            // 12 loop yields and 12 deeper() yields at least; every prologue and loop head suspends as well
            assertTrue(steps[g][0] > 24, "goroutine " + g + " stepped its coroutine " + steps[g][0] + " times");
        }
    }

    @Test
    void aCoroutineSteppedOnAPlainThreadComputesTheSame() {
        int[] steps = new int[1];
        long[] out = new long[1];
        Coroutine co = new Coroutine(() -> out[0] = body(5), true);
        while (co.resume()) {
            steps[0]++;
        }
        assertEquals(body(5), out[0]);
        assertTrue(steps[0] > 24, "stepped " + steps[0] + " times");
    }
}
