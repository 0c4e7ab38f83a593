package io.jgo.internal;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Collectors;

/**
 * Decides whether a suspending frame may return to its caller, i.e. whether the frame directly
 * below it (ignoring {@code LambdaMetafactory} forwarders, which are transparent) is the rewritten
 * call site that handed it the call-site id {@code via}. If not, something that was not rewritten
 * (a library's {@code Runnable}, reflection, a constructor, plain Java code) sits in between and
 * would run on with a dummy return value: the goroutine must pin instead.
 *
 * <p>The answer for a (call site, callee) pair is found once with a {@link StackWalker} and cached
 * in a lock-free open-addressing table, so the steady-state cost is one hash probe per frame per
 * suspension. Known limit: a call site that reaches the same callee both directly and through an
 * unrewritten wrapper is judged by the first case seen (the pair is the same).
 */
final class Adjacency {

    private static final int TABLE_BITS = 14;
    private static final int MASK = (1 << TABLE_BITS) - 1;
    private static final long ADJACENT = 1L;
    /** Entries are {@code key | verdict}; keys have their low bit clear and are never 0. */
    private static final AtomicLongArray TABLE = new AtomicLongArray(1 << TABLE_BITS);

    /** Descriptors need class references retained (JDK 21+ refuses {@code getDescriptor} otherwise). */
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private Adjacency() {
    }

    static boolean adjacent(long via, int me) {
        if (via == 0) {
            // Warned once per calling site, so the caller must be found each time (a stack walk); the
            // frame pins right after, parking its carrier, which costs far more than the walk.
            String caller = describeCaller();
            Warnings.once("novia:" + caller + ":" + me, () -> "goroutine pinned: " + caller
                    + " called a @Goroutine method without a suspension point (not a rewritten call site)");
            return false;
        }
        long key = key(via, me);
        int i = (int) (key >>> 32 ^ key) & MASK;
        for (int probe = 0; probe < 16; probe++, i = (i + 1) & MASK) {
            long e = TABLE.get(i);
            if (e == 0) {
                boolean verdict = walk(via, me);
                // Losing this CAS to another key only means the verdict is not cached this time; losing
                // it to the same key stores the same verdict (walks are deterministic for a pair).
                TABLE.compareAndSet(i, 0, key | (verdict ? ADJACENT : 0));
                return verdict;
            }
            if ((e & ~ADJACENT) == key) {
                return (e & ADJACENT) != 0;
            }
        }
        return walk(via, me); // table crowded: still correct, just slower
    }

    private static long key(long via, int me) {
        long h = via * 0x9E3779B97F4A7C15L + me;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (h & ~ADJACENT) == 0 ? 2 : h & ~ADJACENT;
    }

    /** Walks the real stack: the first frame outside the continuation machinery is the suspending frame. */
    private static boolean walk(long via, int me) {
        List<StackFrame> frames = WALKER.walk(s -> s
                .dropWhile(Adjacency::isMachinery)
                .filter(f -> !isForwarder(f))
                .limit(2)
                .collect(Collectors.toList()));
        if (frames.size() < 2) {
            return false;
        }
        StackFrame self = frames.get(0);
        StackFrame caller = frames.get(1);
        int callerId = (int) (via >>> 32);
        boolean ok = idOf(self) == me && idOf(caller) == callerId;
        FrameNames.learn(me, self, 0);
        FrameNames.learn(callerId, caller, (int) via);
        if (!ok) {
            Warnings.once("pair:" + via + ":" + me, "goroutine pinned: " + name(self) + " cannot unwind into "
                    + name(caller) + " (" + caller.getFileName() + ":" + caller.getLineNumber()
                    + "), which is not a rewritten @Goroutine call site; the carrier blocks instead");
        }
        return ok;
    }

    private static String describeCaller() {
        return WALKER.walk(s -> s.dropWhile(Adjacency::isMachinery).skip(1).findFirst()
                .map(f -> name(f) + " (" + f.getFileName() + ":" + f.getLineNumber() + ")").orElse("?"));
    }

    /** The continuation machinery, and the rewrite's synthetic save helpers ({@code $jgo$save$N}). */
    private static boolean isMachinery(StackFrame f) {
        String c = f.getClassName();
        return c.equals("io.jgo.internal.Adjacency") || c.equals("io.jgo.internal.Stack")
                || f.getMethodName().startsWith("$jgo$");
    }

    /** {@code LambdaMetafactory} classes forward straight to the lambda body: transparent. */
    private static boolean isForwarder(StackFrame f) {
        return f.getDeclaringClass().isHidden() && f.getClassName().contains("$$Lambda");
    }

    private static int idOf(StackFrame f) {
        return MethodIds.of(f.getClassName(), f.getMethodName(), f.getDescriptor());
    }

    private static String name(StackFrame f) {
        return f.getClassName() + "." + f.getMethodName();
    }
}
