package io.jgo.fuzz;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.coroutine.Coroutine;
import java.util.Arrays;

/**
 * What a generated program computes, and where it may suspend. Every value the program computes
 * goes through one of the {@code v} methods (appended to a text trace and folded into a checksum);
 * every caught exception through {@link #caught}. Every suspension point of a generated program is
 * a call to one of the {@code y*} methods: they return their argument unchanged and, as the harness
 * chose for this run, suspend first ({@link Suspend}). So a run's {@link #result} does not depend on
 * where it suspended, and any difference from the plain run is a defect.
 *
 * <p>One instance per program copy, used by the one goroutine (or thread) that runs it; not thread-safe.
 */
public final class Trace {

    /** Which suspension points suspend in a run. */
    public enum Suspend {
        /** Every one (the most unwinding and resuming). */
        EVERY,
        /** A pseudo-random subset, fixed by a seed. */
        SOME,
        /** None: the rewritten code's fast path only. */
        NONE
    }

    /** Beyond this many characters the text stops growing (the checksum still covers everything). */
    private static final int TEXT_LIMIT = 20_000;
    /** A generated program passes far fewer points; more means a loop that does not end. */
    private static final long POINT_LIMIT = 2_000_000;

    private final Suspend mode;
    private final long seed;
    private final boolean gosched;
    private final StringBuilder text = new StringBuilder();
    private long checksum = 17;
    private long entries;
    private long points;
    private long suspensions;

    /**
     * @param gosched suspend with {@link Go#gosched} (a run under the scheduler) rather than
     *                {@link Coroutine#suspend} (a run stepped by a {@link Coroutine})
     */
    public Trace(Suspend mode, long seed, boolean gosched) {
        this.mode = mode;
        this.seed = seed;
        this.gosched = gosched;
    }

    /** A trace for a plain run: nothing suspends (there is no goroutine to suspend anyway). */
    public static Trace plain() {
        return new Trace(Suspend.NONE, 0, false);
    }

    /** The trace text, the number of entries and the checksum: what runs are compared by. */
    public String result() {
        return text + (text.length() >= TEXT_LIMIT ? "..." : "") + " #" + entries + " sum=" + Long.toHexString(checksum);
    }

    /** How many suspension points this run passed, and how many of them suspended. */
    public long points() {
        return points;
    }

    public long suspensions() {
        return suspensions;
    }

    // ---- values -------------------------------------------------------------------------------

    public void v(String label, long x) {
        record(label, Long.toString(x));
    }

    public void v(String label, int x) {
        record(label, Integer.toString(x));
    }

    public void v(String label, double x) {
        record(label, Double.toString(x));
    }

    public void v(String label, float x) {
        record(label, Float.toString(x));
    }

    public void v(String label, boolean x) {
        record(label, Boolean.toString(x));
    }

    public void v(String label, char x) {
        record(label, "c" + (int) x);
    }

    public void v(String label, Object x) {
        String s;
        if (x instanceof int[]) {
            s = Arrays.toString((int[]) x);
        } else if (x instanceof long[]) {
            s = Arrays.toString((long[]) x);
        } else if (x instanceof double[]) {
            s = Arrays.toString((double[]) x);
        } else {
            s = String.valueOf(x);
        }
        record(label, s);
    }

    /** A caught exception: its class's simple name (the same in every package a program is compiled into). */
    public void caught(String label, Throwable e) {
        record(label, "!" + e.getClass().getSimpleName());
    }

    private void record(String label, String value) {
        entries++;
        checksum = checksum * 31 + label.hashCode();
        checksum = checksum * 31 + value.hashCode();
        if (text.length() < TEXT_LIMIT) {
            text.append(label).append('=').append(value).append(' ');
        }
    }

    // ---- suspension points --------------------------------------------------------------------

    @Goroutine
    public void yv() {
        point();
    }

    @Goroutine
    public int yi(int v) {
        point();
        return v;
    }

    @Goroutine
    public long yj(long v) {
        point();
        return v;
    }

    @Goroutine
    public float yf(float v) {
        point();
        return v;
    }

    @Goroutine
    public double yd(double v) {
        point();
        return v;
    }

    @Goroutine
    public boolean yz(boolean v) {
        point();
        return v;
    }

    @Goroutine
    public byte yb(byte v) {
        point();
        return v;
    }

    @Goroutine
    public char yc(char v) {
        point();
        return v;
    }

    @Goroutine
    public short ys(short v) {
        point();
        return v;
    }

    @Goroutine
    public <X> X ya(X v) {
        point();
        return v;
    }

    @Goroutine
    private void point() {
        if (!suspendHere()) {
            return;
        }
        if (gosched) {
            Go.gosched();
        } else {
            Coroutine.suspend();
        }
    }

    /** Decides, and counts, before the suspension: a resumed frame does not come back here. */
    private boolean suspendHere() {
        long n = ++points;
        if (n > POINT_LIMIT) {
            throw new RunawayProgram(POINT_LIMIT);
        }
        boolean suspend = switch (mode) {
            case EVERY -> true;
            case NONE -> false;
            case SOME -> mix(seed + n) % 3 == 0;
        };
        if (suspend) {
            suspensions++;
        }
        return suspend;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb33fa0ed49d3L;
        return (z ^ (z >>> 33)) & Long.MAX_VALUE;
    }

    /** Thrown when a program passes far more suspension points than any generated program can. */
    public static final class RunawayProgram extends Error {
        RunawayProgram(long limit) {
            super("more than " + limit + " suspension points: the program does not end");
        }
    }
}
