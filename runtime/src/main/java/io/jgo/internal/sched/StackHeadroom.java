package io.jgo.internal.sched;

/**
 * Makes sure the current thread's stack has room for a pinned park before the park changes any
 * state. A pinned goroutine parks on its own carrier, with its frames below: at the edge of the
 * stack the park's own calls (commit, hand-off, {@code LockSupport.park}, the wake-up) could throw
 * {@code StackOverflowError} half-way, leaving the G waiting or runnable while its code goes on
 * (then {@code goexit} found "leaving running, but status is waiting": a fatal error of the whole
 * runtime). {@link #ensure} descends further than that path does, so an overflow happens here,
 * before the first change, and reaches the caller as the error of a call at the stack's edge, as
 * on a thread.
 *
 * <p>Costs about 128 calls, only on pinned parks and pinned yields (a thread park follows).
 */
final class StackHeadroom {

    /** Frames of {@link #descend}: with four live longs each, several KiB, past the park path's deepest frame. */
    private static final int FRAMES = 128;

    /** Written only when the impossible happens; keeps the JIT from dropping the descent. */
    @SuppressWarnings("unused")
    private static volatile long sink;

    private StackHeadroom() {
    }

    /** Throws {@code StackOverflowError} now if the pinned park path might overflow later. */
    static void ensure() {
        long r = descend(FRAMES, 1, 2, 3, 4);
        if (r == Long.MIN_VALUE) {
            sink = r;
        }
    }

    private static long descend(int n, long a, long b, long c, long d) {
        if (n == 0) {
            return a ^ b ^ c ^ d;
        }
        return descend(n - 1, b, c, d, a + n) + a;
    }
}
