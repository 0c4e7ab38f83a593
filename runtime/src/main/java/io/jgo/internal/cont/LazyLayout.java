package io.jgo.internal.cont;

/**
 * The lazy layout of a goroutine's records between two runs (g0's side of the lazy resume, see
 * {@link Entry}): on top, the <em>top group</em> (the innermost records up to the first whose frame
 * can be re-entered alone), saved outermost on top as an unwind pushes them; below it, every other
 * saved frame in call order, innermost on top. g0 re-enters the top group's top frame, whose restore
 * code re-enters the rest of the group the eager way; then each frame below, alone, handing it what
 * the frame above returned. While a frame runs, the records of the frames g0 has still to re-enter
 * sit below the floor: code on the thread never pops them, a fresh unwind pushes above them, and an
 * abandoned resume drops only what is above. A rewritten frame's record says where its class's
 * resumer is (none; the one registered for its method id; or its last reference slot, when another
 * class registered that id first) and, for an instance method, keeps its receiver in reference slot 0.
 * Runs on g0 only, between two runs of the goroutine.
 */
final class LazyLayout {

    /**
     * {@code -Djgo.fullStacks=true}: every resume is eager (every saved frame re-entered from the
     * goroutine's entry), so the thread holds the whole logical stack while a goroutine runs and every
     * trace taken inside it ({@code new Throwable()}, {@code Thread.getStackTrace}, {@code StackWalker})
     * is complete; a round trip then costs every saved frame. Read once, when this class loads
     * (checked with the other settings when a runtime starts).
     */
    static final boolean FULL_STACKS = io.jgo.internal.settings.Settings.fullStacks();

    private LazyLayout() {
    }


    /**
     * g0, after an unwind: lays out the records just saved (those above the floor, pushed innermost
     * first) for the next run. The innermost ones up to the first that can be re-entered alone form
     * the top group and keep their order (their top frame re-enters the others through its calls,
     * which pop records outermost first); the rest are put in call order, innermost on top, so
     * g0 can re-enter them one at a time. If even the outermost new record cannot be re-entered
     * alone, the whole chain is re-entered from the entry next time (only possible from a run that
     * started there, as every frame g0 re-enters alone has a resume entry and saves it again); so is
     * a goroutine's first unwind ({@link Continuation#suspendedBefore}), and every unwind with
     * {@link #FULL_STACKS}.
     */
    static void layOutUnwound(Continuation c) {
        if (FULL_STACKS || c.floor == 0 && !c.suspendedBefore) {
            c.suspendedBefore = true;
            c.topGroup = 0; // the first unwind: from the entry, the eager way
            return;
        }
        int fresh = c.depth - c.floor;
        int lastWithout = -1; // index (0 = innermost) of the outermost new record without a resume entry
        Records.Segment seg = c.segment;
        int top = c.primTop;
        int refs = c.refTop;
        for (int i = fresh - 1; i >= 0; i--) {
            if (top == 0) {
                seg = seg.prev;
                top = seg.usedPrims;
                refs = seg.usedRefs;
            }
            long tail = seg.prims[top - 1];
            int n = Records.refsOf(tail);
            if (c.resumerOf(seg.prims, top, seg.refs, refs) == null) {
                lastWithout = i; // scanning from the top: the first one found is the outermost
                break;
            }
            top -= Records.primsOf(tail) + Records.tailLength(tail);
            refs -= n;
        }
        int group = lastWithout + 2; // records 0 .. lastWithout + 1
        if (group > fresh) {
            if (c.floor > 0) {
                throw new IllegalStateException("a frame re-entered alone saved a record without its resume entry");
            }
            c.topGroup = 0; // from the entry, the eager way
        } else {
            if (group < fresh) {
                reorder(c, fresh, group);
            }
            c.topGroup = group;
        }
        c.floor = 0;
    }

    /** Moves the {@code fresh} top records so that the innermost {@code group} stay on top in their order and the rest lie below them innermost on top. */
    private static void reorder(Continuation c, int fresh, int group) {
        Scratch scratch = Scratch.get();
        scratch.clear();
        // Records are a few slots each: plain loops, not System.arraycopy calls (a stub call each).
        for (int i = 0; i < fresh; i++) { // outermost first: pop order
            if (c.primTop == 0) {
                c.segment = c.segment.prev;
                c.primTop = c.segment.usedPrims;
                c.refTop = c.segment.usedRefs;
            }
            long[] prims = c.segment.prims;
            Object[] refs = c.segment.refs;
            long tail = prims[c.primTop - 1];
            int n = Records.refsOf(tail);
            int len = Records.primsOf(tail) + Records.tailLength(tail);
            c.primTop -= len;
            c.refTop -= n;
            scratch.add(prims, c.primTop, len, refs, c.refTop, n);
        }
        c.depth -= fresh;
        for (int i = 0; i < fresh - group; i++) { // outer part: outermost lowest
            pushCopy(c, scratch, i);
        }
        for (int i = fresh - 1; i >= fresh - group; i--) { // top group: innermost lowest, as saved
            pushCopy(c, scratch, i);
        }
        scratch.clear();
    }

    private static void pushCopy(Continuation c, Scratch scratch, int i) {
        int len = scratch.primLength(i);
        int n = scratch.refLength(i);
        Records.Segment seg = c.reserve(len, n);
        long[] fromPrims = scratch.prims;
        long[] toPrims = seg.prims;
        for (int k = 0, from = scratch.primStart(i), to = c.primTop; k < len; k++) {
            toPrims[to + k] = fromPrims[from + k];
        }
        Object[] fromRefs = scratch.refs;
        Object[] toRefs = seg.refs;
        for (int k = 0, from = scratch.refStart(i), to = c.refTop; k < n; k++) {
            toRefs[to + k] = fromRefs[from + k];
        }
        c.primBase = c.primTop;
        c.refBase = c.refTop;
        c.primTop += len;
        c.refTop += n;
        c.depth++;
    }

    /**
     * g0's buffer for {@link #reorder}: one per thread, grown as needed. A carrier keeps it in a
     * field: a {@code ThreadLocal} read there would land in the map of the goroutine whose identity
     * the carrier wears (see {@code io.jgo.internal.sched.Identity}), one buffer per goroutine.
     */
    private static final class Scratch {
        private static final ThreadLocal<Scratch> PER_THREAD = ThreadLocal.withInitial(Scratch::new);
        long[] prims = new long[64];
        Object[] refs = new Object[32];
        int[] bounds = new int[32]; // per record: prim end, ref end
        int count;
        int primEnd;
        int refEnd;

        static Scratch get() {
            Thread t = Thread.currentThread();
            if (t instanceof Carrier) {
                Carrier c = (Carrier) t;
                if (c.reorderScratch == null) {
                    c.reorderScratch = new Scratch();
                }
                return (Scratch) c.reorderScratch;
            }
            return PER_THREAD.get(); // a plain thread stepping a Coroutine: its own map
        }

        /** Copies a record in, and clears its reference slots where it was. */
        void add(long[] p, int pFrom, int pLen, Object[] r, int rFrom, int rLen) {
            if (primEnd + pLen > prims.length) {
                prims = java.util.Arrays.copyOf(prims, Math.max(prims.length * 2, primEnd + pLen));
            }
            if (refEnd + rLen > refs.length) {
                refs = java.util.Arrays.copyOf(refs, Math.max(refs.length * 2, refEnd + rLen));
            }
            if (2 * count + 2 > bounds.length) {
                bounds = java.util.Arrays.copyOf(bounds, bounds.length * 2);
            }
            long[] toPrims = prims;
            for (int k = 0; k < pLen; k++) {
                toPrims[primEnd + k] = p[pFrom + k];
            }
            Object[] toRefs = refs;
            for (int k = 0; k < rLen; k++) {
                toRefs[refEnd + k] = r[rFrom + k];
                r[rFrom + k] = null;
            }
            primEnd += pLen;
            refEnd += rLen;
            bounds[2 * count] = primEnd;
            bounds[2 * count + 1] = refEnd;
            count++;
        }

        int primStart(int i) {
            return i == 0 ? 0 : bounds[2 * i - 2];
        }

        int refStart(int i) {
            return i == 0 ? 0 : bounds[2 * i - 1];
        }

        int primLength(int i) {
            return bounds[2 * i] - primStart(i);
        }

        int refLength(int i) {
            return bounds[2 * i + 1] - refStart(i);
        }

        void clear() {
            java.util.Arrays.fill(refs, 0, refEnd, null);
            count = primEnd = refEnd = 0;
        }
    }
}
