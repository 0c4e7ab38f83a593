package io.jgo.internal.cont;

/**
 * The records of a goroutine's saved frames, on a chain of segments: how a record is encoded, pushed,
 * popped and dropped. The storage half of {@code io.jgo.internal.Stack} (its superclass, through
 * {@link Continuation}); nothing here knows the handshake words or the protocol rewritten code
 * follows, which {@code Stack} keeps.
 *
 * <h2>Records</h2>
 * Suspension is return-based: the innermost frame saves first, so records are pushed deepest
 * first and popped outermost first. A record is {@code nPrims} longs and a tail in
 * {@link Segment#prims}, and {@code nRefs} slots in {@link Segment#refs}. A record never spans two
 * segments, and every segment before the current one holds one at least (popping steps back one
 * segment). The tail is read from the top, so its last long says how long it is:
 * <pre>
 * compact (one long, sign bit set):  1 | me (32 bits) | nRefs (10) | nPrims (10) | resumer (2) | label (9)
 * wide (two longs, sign bit clear):  me | resumer << 32; label | nPrims << 21 | nRefs << 42
 * </pre>
 * Almost every frame is compact (fewer than 1,024 slots of each kind, fewer than 512 labels): a
 * parked frame then costs one long less, which is half the record of a small frame.
 *
 * <p>Every field is written only by the thread currently running the goroutine (its owner); the run
 * queues publish them to the next carrier with the rest of the goroutine.
 */
public abstract class Records {

    /** The attention bit that {@link #popRecord} clears when it reaches the floor (see {@code Stack.RESUMING}). */
    public static final int RESUMING = 1;

    private static final int LABEL_BITS = 21;
    private static final long FIELD_MASK = (1L << LABEL_BITS) - 1;
    /** Fields of a compact tail (see the class comment). */
    private static final int COMPACT_LABEL_BITS = 11; // the label (9 bits) and where the resumer is (2 bits, see RESUMER_)
    private static final int COMPACT_LABEL_ONLY_BITS = 9;
    private static final long COMPACT_LABEL_ONLY_MASK = (1L << COMPACT_LABEL_ONLY_BITS) - 1;
    /** Where a record's frame finds its {@code Resumer}: it has none (hand-written, or cannot be re-entered alone). */
    protected static final int RESUMER_NONE = 0;
    /** ... its class's resumer is the one {@code Resumers.registered} for its method id (the common case: no slot). */
    protected static final int RESUMER_BY_ID = 1;
    /** ... in the record's last reference slot (another class registered the id first: two class loaders, a hash collision). */
    protected static final int RESUMER_IN_RECORD = 2;
    private static final int COMPACT_COUNT_BITS = 10;
    private static final int COMPACT_ME_SHIFT = COMPACT_LABEL_BITS + 2 * COMPACT_COUNT_BITS;
    private static final long COMPACT_COUNT_MASK = (1L << COMPACT_COUNT_BITS) - 1;
    /**
     * The first segment: what a goroutine parked a few frames down uses (a body, a call or two, the
     * primitive's frame and its leaf: about 6 longs and 5 references), so that most parked goroutines
     * hold one segment with little unused room. A deeper one moves on to a second segment three times
     * as long (see {@link #nextSegment}).
     */
    private static final int FIRST_SEGMENT_PRIMS = 8;
    /**
     * 8, not 6: a goroutine started with a lambda runs it through {@code Go.Body}'s {@code run} (one
     * frame more, with its own references), and at 6 a goroutine parked one frame down overflowed into
     * a second segment: 775-822 bytes per parked goroutine at depth 1, 478.6 at 8 (ByteFigures, JDK 17).
     */
    private static final int FIRST_SEGMENT_REFS = 8;
    private static final int MAX_SEGMENT_SLOTS = 4096;

    protected Segment segment;   // current segment, null until the first suspension
    int primTop;       // first free slot in segment.prims
    int refTop;        // first free slot in segment.refs
    protected int primBase;      // slot 0 of the record being saved or restored
    protected int refBase;
    protected int depth;         // records on the whole chain
    /**
     * Records at depth {@code <= floor} belong to frames that are not on the thread: g0 re-enters them
     * one at a time, innermost first ({@link Entry#run}). Code on the thread never pops below it.
     */
    protected int floor;

    Records() {
    }

    /** The attention word (see {@code Stack.attention}): read by the owner. */
    protected abstract int attention();

    /** The owner's write of the attention word (see {@code Stack.setAttention}). */
    protected abstract void setAttention(int value);

    /** The resumer registered for method id {@code me} (see {@code io.jgo.internal.Resumers}), or null. */
    protected abstract Object registeredResumer(int me);

    /** Number of saved frame records. */
    public int depth() {
        return depth;
    }

    protected final void pushRecord(int me, int label, int nPrims, int nRefs, int resumer) {
        boolean compact = label <= COMPACT_LABEL_ONLY_MASK && nPrims <= COMPACT_COUNT_MASK && nRefs <= COMPACT_COUNT_MASK;
        int slots = nPrims + (compact ? 1 : 2);
        Segment seg = reserve(slots, nRefs);
        primBase = primTop;
        refBase = refTop;
        primTop += slots;
        refTop += nRefs;
        if (compact) {
            seg.prims[primTop - 1] = Long.MIN_VALUE | ((me & 0xFFFF_FFFFL) << COMPACT_ME_SHIFT)
                    | ((long) nRefs << (COMPACT_LABEL_BITS + COMPACT_COUNT_BITS)) | ((long) nPrims << COMPACT_LABEL_BITS)
                    | ((long) resumer << COMPACT_LABEL_ONLY_BITS) | label;
        } else {
            seg.prims[primTop - 2] = (me & 0xFFFF_FFFFL) | (long) resumer << 32;
            seg.prims[primTop - 1] = label | ((long) nPrims << LABEL_BITS) | ((long) nRefs << (2 * LABEL_BITS));
        }
        depth++;
    }

    // Decoding a record's tail; {@code tail} is the long at the record's top, {@code top} the slot above it.

    static int tailLength(long tail) {
        return tail < 0 ? 1 : 2;
    }

    static int methodOf(long[] prims, int top) {
        long tail = prims[top - 1];
        return tail < 0 ? (int) (tail >>> COMPACT_ME_SHIFT) : (int) prims[top - 2];
    }

    static int labelOf(long tail) {
        return (int) (tail < 0 ? tail & COMPACT_LABEL_ONLY_MASK : tail & FIELD_MASK);
    }

    /** The record's frame's resumer, or null; {@code refsEnd} is the end of its reference slots. */
    final Object resumerOf(long[] prims, int top, Object[] refs, int refsEnd) {
        switch (resumerWhere(prims, top)) {
            case RESUMER_BY_ID: return registeredResumer(methodOf(prims, top));
            case RESUMER_IN_RECORD: return refs[refsEnd - 1];
            default: return null;
        }
    }

    /** Where the record's frame finds its resumer: one of the {@code RESUMER_} constants. */
    private static int resumerWhere(long[] prims, int top) {
        long tail = prims[top - 1];
        return (int) (tail < 0 ? tail >>> COMPACT_LABEL_ONLY_BITS : prims[top - 2] >>> 32) & 3;
    }

    static int primsOf(long tail) {
        return (int) (tail < 0 ? (tail >>> COMPACT_LABEL_BITS) & COMPACT_COUNT_MASK : (tail >>> LABEL_BITS) & FIELD_MASK);
    }

    protected static int refsOf(long tail) {
        return (int) (tail < 0
                ? (tail >>> (COMPACT_LABEL_BITS + COMPACT_COUNT_BITS)) & COMPACT_COUNT_MASK
                : (tail >>> (2 * LABEL_BITS)) & FIELD_MASK);
    }

    /** The segment the next record goes to, with room for {@code slots} longs and {@code nRefs} references. */
    final Segment reserve(int slots, int nRefs) {
        Segment seg = segment;
        if (seg == null) {
            seg = segment = new Segment(null, Math.max(FIRST_SEGMENT_PRIMS, slots), Math.max(FIRST_SEGMENT_REFS, nRefs));
        } else if (primTop + slots > seg.prims.length || refTop + nRefs > seg.refs.length) {
            seg = nextSegment(seg, slots, nRefs);
        }
        return seg;
    }

    /**
     * Moves to the next segment, reusing the spare one when it is big enough (no hot-split allocation).
     * A new segment has 1.25 times the primitive slots of the one it follows (the second one three times
     * the first's, which is small; not twice each time: a goroutine may park deep for long, and the unused tail of
     * its last segment is what it wastes, while a segment more costs only its headers) and as many
     * reference slots as the frames saved so far used per primitive slot, plus a little: frames of one
     * goroutine tend to look alike, and two arrays grown by the same factor waste whichever is used less.
     */
    private Segment nextSegment(Segment seg, int primsNeeded, int refsNeeded) {
        if (primTop == 0) {
            return replaceEmpty(seg, primsNeeded, refsNeeded);
        }
        seg.usedPrims = usedCount(primTop);
        seg.usedRefs = usedCount(refTop);
        Segment next = seg.next;
        if (next == null || next.prims.length < primsNeeded || next.refs.length < refsNeeded) {
            // A segment trimmed at a park (see trimForPark) is short: grow from the longer of it and the one before it.
            int grown = seg.prev == null ? seg.prims.length * 3 : Math.max(seg.prims.length, seg.prev.prims.length) * 5 / 4;
            int prims = Math.max(primsNeeded, Math.min(grown, MAX_SEGMENT_SLOTS));
            int refsByRatio = (int) (((long) prims * refTop + primTop - 1) / Math.max(primTop, 1)) + 2;
            int refs = Math.max(refsNeeded, Math.min(refsByRatio, MAX_SEGMENT_SLOTS));
            next = new Segment(seg, prims, refs);
            seg.next = next;
        }
        segment = next;
        primTop = 0;
        refTop = 0;
        return next;
    }

    /**
     * A segment's used slots as {@link Segment} keeps them (a {@code char}). A segment is at most
     * {@value #MAX_SEGMENT_SLOTS} slots long, or exactly one record's length when that record is longer; and no
     * record is from javac: a frame's live values at a call are its parameters (at most 255) and
     * what its code (at most 65,535 bytes) put in its locals and on its operand stack. Crafted
     * bytecode can pass it (one {@code dup2} pushes two values with one byte, and a record holds
     * the locals and the stack together); such a save fails here with this message rather than
     * truncating the count.
     */
    private static char usedCount(int slots) {
        if (slots > Character.MAX_VALUE) {
            throw new IllegalStateException("a goroutine's saved-frame segment holds " + slots
                    + " slots, more than its used count can keep (" + (int) Character.MAX_VALUE + "): a frame this big cannot be saved");
        }
        return (char) slots;
    }

    /**
     * The current segment holds no record (every record in it was popped) and the next one does not
     * fit in it: a bigger segment takes its place rather than following it. Popping steps back one
     * segment when the current one is empty and reads the record on top there ({@link #popRecord},
     * {@link #topSegment}, {@link #layOutUnwound}, {@link #reorder}), so every segment before the
     * current one must hold at least one record; an empty one left in the chain would be read at
     * slot -1. The replaced segment, and the spare after it, are dropped.
     */
    private Segment replaceEmpty(Segment seg, int primsNeeded, int refsNeeded) {
        int prims = Math.max(primsNeeded, Math.min(seg.prims.length * 2, MAX_SEGMENT_SLOTS));
        int refs = Math.max(refsNeeded, seg.refs.length);
        Segment replacement = new Segment(seg.prev, prims, refs);
        if (seg.prev != null) {
            seg.prev.next = replacement;
        }
        segment = replacement;
        primTop = 0;
        refTop = 0;
        return replacement;
    }

    /**
     * g0, once an unwind that parks is laid out: a segment past the first whose unused tail is at least
     * a quarter of it and {@value #TRIM_MIN_WASTE} bytes or more is replaced by one that fits its records with a
     * little room ({@link #roomAfterTrim}), and the spare after it is dropped (a segment that is kept keeps its
     * spare: a goroutine that parks at two depths in turn, across a segment's end, must not allocate at each park). Segments grow 1.25 times,
     * so the last one of a deep goroutine was mostly empty: 63 of 71 longs and 64 of 73 references
     * 100 frames down (about 760 bytes of the 4,100 a goroutine parked there kept). A goroutine that parks
     * at the same depth again finds the trimmed segment (or, once it popped out of it, the same segment as
     * its spare) big enough: it is trimmed once, not at every park. Off the fast path: a park's unwind
     * pays one copy of its top segment's records, only when the chain just grew. Best effort: without
     * memory for the copy, the segment stays as it was.
     */
    protected final void trimForPark() {
        Segment seg = segment;
        if (seg == null || seg.prev == null) {
            return; // the first segment is small already (8 and 8 slots)
        }
        int prims = seg.prims.length;
        int refs = seg.refs.length;
        long waste = 8L * (prims - primTop) + 4L * (refs - refTop);
        if (waste < TRIM_MIN_WASTE || 4 * waste < 8L * prims + 4L * refs) {
            return;
        }
        if (primTop == 0) { // every record lies in the segments before: drop this one (pops step back over it)
            Segment prev = seg.prev;
            prev.next = null; // this segment, and the spare after it
            segment = prev;
            primTop = prev.usedPrims;
            refTop = prev.usedRefs;
            return;
        }
        Segment fit;
        try {
            fit = new Segment(seg.prev, primTop + roomAfterTrim(primTop), refTop + roomAfterTrim(refTop));
        } catch (OutOfMemoryError e) {
            return;
        }
        System.arraycopy(seg.prims, 0, fit.prims, 0, primTop);
        System.arraycopy(seg.refs, 0, fit.refs, 0, refTop);
        seg.prev.next = fit;
        segment = fit;
    }

    /** Slots left free in a trimmed segment: enough for a frame or two more at the next park without a new segment. */
    private static int roomAfterTrim(int used) {
        return used / 8 + 2;
    }

    /** See {@link #trimForPark}: a smaller unused tail is not worth a copy. */
    private static final int TRIM_MIN_WASTE = 128;

    /** Pops the record just pushed and releases its references (a preemption that did not happen). */
    protected final void dropFrame() {
        dropAbove(depth - 1);
    }

    /** The method id of the record on top (the next one {@link #popRecord} takes); 0 when there is none. */
    protected final int topMethod() {
        return depth == 0 ? 0 : methodOf(topSegment().prims, topPrims());
    }

    /** The label of the record on top; only when there is one. */
    protected final int topLabel() {
        return labelOf(topTail());
    }

    // The top record lives in the current segment, or in the one before when the current one is empty.

    protected final Segment topSegment() {
        return primTop == 0 && segment.prev != null ? segment.prev : segment;
    }

    final int topPrims() {
        return primTop == 0 && segment.prev != null ? segment.prev.usedPrims : primTop;
    }

    protected final int topRefs() {
        return primTop == 0 && segment.prev != null ? segment.prev.usedRefs : refTop;
    }

    protected final long topTail() {
        return topSegment().prims[topPrims() - 1];
    }

    protected final int popRecord() {
        Segment seg = segment;
        if (primTop == 0) {
            // This segment is empty: step back; it stays linked as prev.next, the spare.
            seg = segment = seg.prev;
            primTop = seg.usedPrims;
            refTop = seg.usedRefs;
        }
        long tail = seg.prims[primTop - 1];
        if (resumerWhere(seg.prims, primTop) == RESUMER_IN_RECORD) {
            // the frame's restore code reads its own slots only (restoreA clears each): this one,
            // the resumer, is cleared here, or the popped record would keep its class (and loader) alive
            seg.refs[refTop - 1] = null;
        }
        primBase = primTop - tailLength(tail) - primsOf(tail);
        refBase = refTop - refsOf(tail);
        primTop = primBase;
        refTop = refBase;
        if (--depth == floor) {
            setAttention(attention() & ~RESUMING); // the frames below are not on the thread: nobody here pops them
        }
        return labelOf(tail);
    }

    /** Pops records, releasing their references, until {@code keep} are left. */
    final void dropAbove(int keep) {
        while (depth > keep) {
            int refs = refsOf(topTail());
            popRecord();
            java.util.Arrays.fill(segment.refs, refBase, refBase + refs, null);
        }
    }

    /**
     * Checks the chain against what every push, pop and drop keeps true, and throws
     * {@link IllegalStateException} naming the first thing that does not hold: each record's tail
     * gives sizes that tile its segment exactly, the records add up to {@link #depth}, every segment
     * before the current one holds a record, the floor lies within the chain, and no reference slot
     * above the top (in the current segment or the spare after it) keeps an object alive. For tests
     * and diagnostics, after a fault; the owner, or any thread while the goroutine is off its carrier.
     */
    final void checkInvariants() {
        if (floor < 0 || floor > depth) {
            throw broken("floor " + floor + " outside 0.." + depth);
        }
        if (segment == null) {
            if (depth != 0 || primTop != 0 || refTop != 0) {
                throw broken("no segment, but depth " + depth + ", tops " + primTop + "/" + refTop);
            }
            return;
        }
        if (primTop < 0 || primTop > segment.prims.length || refTop < 0 || refTop > segment.refs.length) {
            throw broken("tops " + primTop + "/" + refTop + " outside the current segment");
        }
        for (int i = refTop; i < segment.refs.length; i++) {
            if (segment.refs[i] != null) {
                throw broken("reference slot " + i + " above the top still holds " + segment.refs[i].getClass().getName());
            }
        }
        if (segment.next != null) {
            for (Object r : segment.next.refs) {
                if (r != null) {
                    throw broken("the spare segment still holds a " + r.getClass().getName());
                }
            }
        }
        int records = 0;
        int prims = primTop;
        int refs = refTop;
        for (Segment seg = segment; seg != null; seg = seg.prev) {
            if (seg != segment) {
                prims = seg.usedPrims;
                refs = seg.usedRefs;
                if (prims <= 0 || prims > seg.prims.length || refs < 0 || refs > seg.refs.length) {
                    throw broken("an earlier segment holds " + prims + "/" + refs + " slots of " + seg.prims.length + "/" + seg.refs.length);
                }
            }
            while (prims > 0) {
                long tail = seg.prims[prims - 1];
                prims -= tailLength(tail) + primsOf(tail);
                refs -= refsOf(tail);
                records++;
                if (prims < 0 || refs < 0) {
                    throw broken("record " + records + " from the top runs past the start of its segment");
                }
            }
            if (refs != 0) {
                throw broken("a segment's reference slots do not add up (" + refs + " left over)");
            }
        }
        if (records != depth) {
            throw broken(records + " records on the chain, depth says " + depth);
        }
    }

    private static IllegalStateException broken(String what) {
        return new IllegalStateException("a goroutine's saved records are inconsistent: " + what);
    }

    /** Bytes held by this stack's segments (for the footprint test). */
    public long retainedBytes() {
        long total = 0;
        Segment s = segment;
        while (s != null && s.prev != null) {
            s = s.prev;
        }
        for (; s != null; s = s.next) {
            total += 16 + 8L * s.prims.length + 16 + 4L * s.refs.length + 32; // the arrays' headers and the Segment
        }
        return total;
    }

    /**
     * One link of the chain. {@code usedPrims}/{@code usedRefs} remember how full a segment was
     * when the chain moved on to the next one, so popping can step back into it. They are
     * {@code char}s (see {@link #usedCount}): with two {@code int}s the object took 40 bytes (a 12-byte
     * header and 24 of fields, rounded up to 8), with two {@code char}s it takes 32, 8 bytes less per
     * segment of every parked goroutine.
     */
    protected static final class Segment {
        final Segment prev;
        Segment next;
        public final long[] prims;
        public final Object[] refs;
        char usedPrims;
        char usedRefs;

        Segment(Segment prev, int prims, int refs) {
            this.prev = prev;
            this.prims = new long[prims];
            this.refs = new Object[refs];
        }
    }
}
