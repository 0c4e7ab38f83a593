package io.jgo.cont.debuggee;

import io.jgo.Goroutine;
import io.jgo.cont.shapes.Yield;
import io.jgo.internal.coroutine.Coroutine;

/**
 * The program {@code io.jgo.cont.DebuggerTest} runs under a debugger, in a JVM of its own. Its
 * frames hold live locals of several kinds across suspensions, and the lines after the suspending
 * calls carry breakpoints: each is first reached by a frame the resume re-entered, never by the
 * first run. {@link #run} calls {@link #outer}, which calls {@link #middle}, which suspends twice:
 * <ol>
 * <li>at a leaf ({@code Coroutine.suspend()} called directly): on the resume (a first unwind: from
 *     the entry), {@code middle} is the innermost saved frame and comes back through its restore code;</li>
 * <li>through a rewritten callee ({@code Yield.here()}): on the resume, {@code Yield.here} is the
 *     innermost frame, and {@code middle}, then {@code outer}, are each re-entered alone after it
 *     returned, with the value it returned.</li>
 * </ol>
 * Each {@code LINE} constant is the line of the source line that ends with a comment naming it
 * (the test checks that against this file); move them together.
 */
public final class ResumedFrames implements Runnable {

    public static final int SEED = 7;

    /** In {@code middle}: the first line after {@code Coroutine.suspend()} returned. */
    public static final int MIDDLE_AFTER_LEAF_LINE = 70;
    /** In {@code middle}: the first line after {@code Yield.here()} returned. */
    public static final int MIDDLE_AFTER_CALL_LINE = 75;
    /** In {@code outer}: the first line after {@code middle()} returned. */
    public static final int OUTER_AFTER_CALL_LINE = 59;

    /** Steps of the coroutine that ended in a suspension, so far: {@link #main} counts them, the debugger reads them. */
    static int suspensions;
    /** What {@link #run} computed. */
    static long result;

    public static void main(String[] args) {
        Coroutine coroutine = new Coroutine(new ResumedFrames(), false);
        while (coroutine.resume()) {
            suspensions++;
        }
        // stdout is the debuggee's log, which the test shows when it fails.
        System.out.println("result=" + result + " suspensions=" + suspensions
                + " reenteredAlone=" + coroutine.reenteredAlone() + " pins=" + coroutine.pins());
    }

    @Goroutine
    @Override
    public void run() {
        result = outer(SEED);
    }

    @Goroutine
    static long outer(int seed) {
        String tag = "outer-" + seed;
        double ratio = seed / 2.0;
        long fromMiddle = middle(seed);
        long total = fromMiddle + tag.length() + (long) (ratio * 10); // OUTER_AFTER_CALL_LINE
        return total;
    }

    @Goroutine
    static long middle(int seed) {
        int count = seed * 3;
        long big = (1L << 40) + seed;
        String name = "name-" + seed;
        int[] values = {seed, seed + 1, seed + 2};
        Coroutine.suspend();
        count += values[0]; // MIDDLE_AFTER_LEAF_LINE
        name = name + "!";
        values[1] = -values[1];
        big = big * 2;
        Yield.here();
        long sum = count + big + name.length() + values[1] + values[2]; // MIDDLE_AFTER_CALL_LINE
        return sum;
    }
}
