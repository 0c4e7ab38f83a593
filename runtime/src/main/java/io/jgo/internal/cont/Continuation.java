package io.jgo.internal.cont;

/**
 * What the runtime does to a goroutine's stack, as opposed to what rewritten code does (which
 * {@code io.jgo.internal.Stack}, its subclass, keeps): a leaf primitive yields, a frame that cannot
 * unwind pins, g0 ends the unwind, lays the records out and re-enters the frames, a goroutine that
 * ended is reset. Holds the state those steps share: the owner, the unwind in progress, the
 * thread-owned locks held ({@link HeldLocks}), the top group of the lazy layout ({@link LazyLayout})
 * and the value handed between frames g0 re-enters alone ({@link HandOff}).
 *
 * <p>Every field is written only by the thread currently running the goroutine (its owner).
 */
public abstract class Continuation extends Records {

    /** Attention bit (see {@code Stack.PREEMPT}): sysmon asks the goroutine to yield at its next prologue. */
    public static final int PREEMPT = 2;
    /**
     * Attention bit, with {@link #RESUMING}: g0 re-enters one frame alone and hands it what its
     * callee returned ({@code Stack.handedI()} and kin); the prologue dispatches to the code after the call.
     */
    protected static final int HANDING = 4;

    /** {@link #yieldKind}: the goroutine parks (a waiter list holds it; someone will ready it). */
    public static final int YIELD_PARK = 1;
    /** {@link #yieldKind}: the goroutine gives up its time slice (Go.gosched). */
    public static final int YIELD_GOSCHED = 2;
    /** {@link #yieldKind}: the goroutine was preempted at a function prologue. */
    public static final int YIELD_PREEMPT = 3;

    /** Set by a yield primitive, cleared by g0 (or by a pin) once the unwind is over. Owner only. */
    protected boolean suspending;

    /**
     * Why the current unwind happens: one of the {@code YIELD_} constants. Owner only. A byte, as
     * {@link #handedKind} is: every goroutine keeps a stack, and with these two narrow the object is
     * 8 bytes smaller (its fields end on an 8-byte boundary).
     */
    protected byte yieldKind;

    /**
     * The owner's reusable select state ({@code io.jgo.internal.chan.SelectOp}), so a select that
     * does not park allocates nothing; null while a select uses it. Owner only.
     */
    Object selectCache;

    /**
     * The thread-owned locks the goroutine holds, one entry per hold, and how many (null until it
     * first takes one): while the count is not zero every suspension pins (see {@link HeldLocks},
     * which alone reads and writes them). One object made on demand rather than an array and a count
     * here: a stack is then 88 bytes, not 96, and few goroutines ever take a thread-owned lock. Owner only.
     */
    HeldLocks.Held ownedLocks;

    /** Suspensions, process-wide, that could not unwind and pinned a carrier instead (tests, diagnostics). */
    private static final java.util.concurrent.atomic.LongAdder PINS = new java.util.concurrent.atomic.LongAdder();

    private final Owner owner;
    /**
     * How the records are laid out between two runs (see {@link LazyLayout}): the
     * top {@code topGroup} records are re-entered through their top frame's own restore code, the
     * rest one frame at a time; 0 with records saved means the whole chain is re-entered from
     * {@link Entry#call} (a frame in it has no resume entry).
     */
    int topGroup;
    /** What the frame g0 just ran returned or threw, for its caller's resume: a kind, see {@link #handedKind}. */
    protected long handedBits;
    protected Object handedRef;
    /** 'Z' 'B' 'C' 'S' 'I' 'J' 'F' 'D' 'A' 'V', or 'T' when {@link #handedRef} is a Throwable to rethrow; ASCII, kept as a byte. */
    protected byte handedKind;
    /**
     * Has the goroutine suspended since it started? Its first unwind is laid out for the eager way
     * ({@link #layOutUnwound}): most goroutines park once (a spawn, a join, one receive) and the
     * eager resume is the cheaper one for a stack that unwinds once; a goroutine that suspends
     * again pays the reorder then, and from there on re-enters one frame per round trip.
     */
    boolean suspendedBefore;

    /** What a stack needs from the scheduler; implemented by the goroutine that owns it. */
    public interface Owner {
        /**
         * The goroutine cannot unwind (a frame in the way is not rewritten, or holds a monitor):
         * block the carrier until the goroutine is readied, handing its P to another M meanwhile.
         * For {@code YIELD_GOSCHED} and {@code YIELD_PREEMPT} an implementation may simply return.
         */
        void parkPinned(Continuation stack, int kind);

        /**
         * The goroutine's suspension failed before it reached g0 and its own code goes on: an
         * exception (an {@code OutOfMemoryError} while a record or segment grew, a
         * {@code StackOverflowError} in a save) left a leaf's yield or a frame's save and was caught
         * by a rewritten handler ({@link #cancelUnwind}). A park the leaf prepared never happens:
         * the waiters leave their queues and the primitive's locks, held since the leaf enqueued
         * them, are released, so the primitive stays usable and nobody wakes the goroutine for a wait
         * it is no longer in. Owner thread only. Nothing to do for an owner that never parks.
         */
        default void cancelPark(Continuation stack) {
        }

        /**
         * How many frames may stay saved below the ones on the goroutine's thread ({@link #savedTooDeep}):
         * a saved frame takes no room on a carrier's stack, so without a bound a recursion that suspends
         * on its way down would go deeper than any thread can.
         */
        default int savedFrameLimit() {
            return Integer.MAX_VALUE;
        }
    }

    protected Continuation(Owner owner) {
        this.owner = owner;
    }

    /** The call-site handshake's receiver word (see {@code Stack.callee}). */
    protected abstract Object callee();

    /** A fresh stack of this kind with no owner (never suspends), for code the runtime runs aside ({@link AsideStack}). */
    protected abstract Continuation newPlainStack();

    /** Takes the call-site handshake's site word, leaving it clear ({@code Stack.takeCallSite}; {@link LeafPark} speaks it). */
    public abstract long takeCallSite();

    /** Sets both call-site handshake words, as a rewritten call site does before its call (see {@code Stack.callSite}). */
    protected abstract void handshake(long site, Object receiver);

    /** Clears both call-site handshake words (see {@code Stack.callSite}). */
    protected abstract void clearHandshake();

    /** sysmon's CAS of the preempt bit into the attention word (see {@code Stack.requestPreempt}). */
    protected abstract void casPreempt();

    /** g0: calls {@code resumer} (a {@code Resumer}) on this stack for method {@code me}, with the call-site handshake of g0's resume entry. */
    protected abstract void reenter(Object resumer, int me);

    /** How many suspensions so far, in this process, pinned their carrier instead of unwinding. */
    public static long pinCount() {
        return PINS.sum();
    }

    /** Is this the stack of a goroutine (as opposed to a plain thread's or g0's)? */
    public boolean isGoroutine() {
        return owner != null;
    }

    Owner owner() {
        return owner;
    }

    // ---------------------------------------------------------------- suspension

    /** The label of a leaf primitive's (empty) record. */
    static final int LEAF_LABEL = 1;

    /**
     * Called by {@link LeafPark}, for a leaf, to yield (and by tests that drive a stack). Returns true when the
     * leaf must now return to its caller so that the chain unwinds to g0; returns false when the
     * goroutine was pinned instead (the frame below is not the rewritten call site that called the
     * leaf, or the goroutine holds a thread-owned lock, see {@link HeldLocks}), in which case the
     * wait (if any) is already over. The leaf must not call rewritten code between {@code Stack.takeCallSite} and this call
     * (the handshake's receiver word is read here).
     */
    boolean suspendLeaf(long via, int me, int kind) {
        yieldKind = (byte) kind;
        boolean adjacent;
        try {
            if (holdsOwnedLock()) {
                HeldLocks.warnPinned(this, me); // a thread-owned lock cannot follow the goroutine: keep the thread
                adjacent = false;
            } else if (savedTooDeep()) {
                warnTooDeep();
                adjacent = false;
            } else {
                adjacent = Adjacency.adjacent(via, me, callee(), true);
            }
            if (adjacent) {
                pushRecord(me, LEAF_LABEL, 0, 0, RESUMER_NONE); // may need a segment: OutOfMemoryError
            }
        } catch (Throwable t) {
            // The leaf cannot yield (no memory for its record or for the adjacency check): the wait it
            // prepared never happens, and the leaf throws instead, as a call that failed.
            owner.cancelPark(this);
            throw t;
        }
        if (!adjacent) {
            PINS.increment();
            owner.parkPinned(this, kind);
            return false;
        }
        suspending = true;
        return true;
    }

    /**
     * Are more frames saved below the thread's than the owner allows ({@link Owner#savedFrameLimit})?
     * The goroutine then suspends no more by unwinding: it keeps its frames on its thread, as a plain
     * thread does (a park pins, a preemption or a gosched carries on), so a runaway recursion that
     * suspends on its way down overflows the thread's stack with a {@code StackOverflowError} its own
     * handlers may catch, instead of growing its saved frames until the heap is gone (a preemption
     * every time slice did that: each unwind left the thread's stack empty again). The bound is at most
     * one thread's depth short of the logical depth: frames above the floor are on the thread. Go's
     * bound is {@code debug.SetMaxStack}'s 1 GB, and going past it is fatal there.
     */
    protected final boolean savedTooDeep() {
        return owner != null && floor > owner.savedFrameLimit();
    }

    /** Once per process: a goroutine kept its frames on its thread because too many were saved below them. */
    protected final void warnTooDeep() {
        Warnings.once("saved-too-deep", () -> "a goroutine suspended with " + floor + " frames saved below those on its"
                + " thread, more than " + owner.savedFrameLimit() + " (the carrier stack, -Djgo.stacksize, / 64 bytes):"
                + " it keeps its frames on its thread from there on (a park pins the carrier) and a runaway recursion"
                + " ends in a StackOverflowError, as on a thread; raise -Djgo.stacksize if the recursion is meant to be"
                + " this deep");
    }

    /**
     * Does the goroutine hold a thread-owned lock (drops the entries of locks released meanwhile)?
     * A suspension must then pin. Owner only.
     */
    protected final boolean holdsOwnedLock() {
        return HeldLocks.counted(this) && HeldLocks.stillHeld(this);
    }

    /**
     * Called by a save helper once the frame's record is written: may the frame now return to its
     * caller? False when the caller is not the rewritten call site that handed the frame its call-site
     * id; the frame must then pin ({@link #pinAfterSave}).
     */
    public boolean mayUnwind(long via, int me, Object recv) {
        return yieldKind == YIELD_PREEMPT ? Adjacency.adjacentQuietly(via, me, recv) : Adjacency.adjacent(via, me, recv);
    }

    /** A resumed leaf primitive pops its own (empty) record. */
    void resumeLeaf() {
        popRecord();
    }

    /** Is the current call re-entering a frame that has a record? (Used by leaf primitives.) */
    public boolean isResuming() {
        return (attention() & RESUMING) != 0;
    }

    /** A hand-written frame saving itself: reserves the frame's record; the values follow with {@code saveX}. */
    void pushFrame(int me, int label, int nPrims, int nRefs) {
        pushRecord(me, label, nPrims, nRefs, RESUMER_NONE);
    }

    /**
     * A frame that saved its record but cannot unwind: takes its record back (its restore code reads
     * it next), blocks the carrier until the goroutine is readied, and arms the resume of the deeper
     * frames from their records.
     */
    protected final void pinAfterSave() {
        popRecord();
        pin();
    }

    /**
     * Blocks the carrier until the goroutine is readied, then arms the resume of the deeper frames from their records.
     * An unwind a preemption started is not a pin: the request was advisory, so the frames just carry on
     * (Go never preempts where it cannot); only suspensions the code asked for are counted.
     */
    protected final void pin() {
        suspending = false;
        if (yieldKind != YIELD_PREEMPT) {
            PINS.increment();
        }
        owner.parkPinned(this, yieldKind);
        if (depth > floor) {
            setAttention(attention() | RESUMING);
        }
    }

    /** g0: the unwind reached the bottom; the goroutine is off the carrier. */
    void endUnwind() {
        suspending = false;
    }

    /**
     * An exception reached a handler of rewritten code while the goroutine was unwinding: a save on
     * the way threw (an {@code OutOfMemoryError} when a segment could not grow, a
     * {@code StackOverflowError}), and a frame caught it. The unwind is over: every frame that saved
     * a record in it lies between the thrower and the catching frame, so the exception has already
     * left them, and their records (those above {@link #floor}: an unwind starts once every record
     * above the floor was popped) are dropped, references released. The yield never happened: a
     * park the leaf prepared is cancelled ({@link Owner#cancelPark}), so the goroutine goes on in
     * its handler with a sane stack, its wait undone, as if the call had thrown. Owner only.
     */
    protected final void cancelUnwind() {
        suspending = false;
        dropAbove(floor);
        setAttention(attention() & ~(RESUMING | HANDING));
        if (owner != null) {
            owner.cancelPark(this);
        }
    }

    /** About to re-enter every saved frame from the goroutine's entry (the eager way); arms the resume dispatch if frames were saved. */
    void prepareResume() {
        floor = 0;
        topGroup = 0;
        if (depth > 0) {
            setAttention(attention() | RESUMING);
        }
    }

    /** g0: the goroutine ended; keep only the first segment so a reused G does not allocate. */
    void reset() {
        if (segment != null) {
            Segment first = segment;
            while (first.prev != null) {
                first = first.prev;
            }
            java.util.Arrays.fill(first.refs, null);
            first.next = null;
            segment = first;
        }
        primTop = refTop = depth = floor = topGroup = 0;
        HeldLocks.forget(this);
        handedRef = null;
        suspendedBefore = false;
        suspending = false;
        clearHandshake();
        setAttention(0);
    }

    /** sysmon: ask the goroutine to yield at its next prologue (see class comment for the race). */
    void requestPreempt() {
        casPreempt();
    }

    /**
     * Drops every record above the floor (their frames are gone) and ends the resume; warns once,
     * since it means a rewrite missed a path. Records below the floor belong to outer frames that
     * g0 still re-enters: they are intact.
     */
    protected final void abandonResume(String why) {
        Warnings.once("abandon:" + why, () -> "saved frames of a goroutine were discarded: " + why);
        dropAbove(floor);
        setAttention(attention() & ~(RESUMING | HANDING));
    }

    /**
     * The saved frames, outermost first, as {@code Class.method(File:line)} where known (names are
     * learned when a frame first suspends). For goroutine dumps: call it only while the goroutine is
     * parked (its records do not change then); the reading thread must have synchronized with the
     * goroutine's park (e.g. through the lock of the waiter list that holds it).
     */
    public java.util.List<String> savedFrames() {
        return SavedFrames.outermostFirst(this);
    }

    /**
     * The frames of a running goroutine that g0 still has to re-enter one at a time (they are not
     * on its thread), innermost first. Racy by nature (any thread, while the goroutine runs): for dumps.
     */
    public java.util.List<String> framesBelowFloor() {
        return SavedFrames.belowFloor(this);
    }

    // ---------------------------------------------------------------- lazy resume (g0's side, see Entry.run)

    /** Will the next run re-enter frames one at a time (else: from the goroutine's entry, every saved frame)? */
    boolean resumesLazily() {
        return topGroup > 0;
    }

    /**
     * g0, first step of a lazy run: the top group's top frame is re-entered through its own restore
     * code and re-enters the rest of the group itself (the eager way, as far as the group goes).
     */
    void beginTopGroup() {
        floor = depth - topGroup;
        topGroup = 0;
        setAttention(attention() | RESUMING);
    }

    /** g0: the frame on top is re-entered alone, at the code after its call, with what was just handed. */
    void beginHandOff() {
        floor = depth - 1;
        setAttention(attention() | RESUMING | HANDING);
    }

    /**
     * g0, after the frame it re-entered returned or threw: records the frame's callees left above the
     * floor (an exception cut their re-entry short) belong to frames that are gone.
     */
    void endReentry() {
        if (depth > floor) {
            abandonResume("an exception left the frame g0 re-entered before the frames saved above it were re-entered");
        }
        setAttention(attention() & ~(RESUMING | HANDING));
    }

    /** g0: calls the resume entry of the frame on top; it re-enters that frame alone. */
    void reenterTop() {
        Object r = topResumer();
        reenter(r, topMethod());
    }

    /** The resume entry of the top record's frame, or null (a hand-written frame, or one that cannot be re-entered alone). */
    private Object topResumer() {
        Segment seg = topSegment();
        return resumerOf(seg.prims, topPrims(), seg.refs, topRefs());
    }

    /** g0, after an unwind: lays out the records just saved for the next run (see {@link LazyLayout#layOutUnwound}). */
    void layOutUnwound() {
        LazyLayout.layOutUnwound(this);
        if (yieldKind == YIELD_PARK) {
            trimForPark(); // a parked goroutine may stay parked long: keep no unused tail (see Records.trimForPark)
        }
    }

    // ---------------------------------------------------------------- hand-over (see HandOff)

    /** Keeps what the frame g0 re-entered returned, for its caller; nothing while the frame is unwinding (its value is a dummy). */
    protected final void hand(char kind, long bits, Object ref) {
        if (!suspending) { // an unwinding frame returns a dummy value: nothing to hand
            handedKind = (byte) kind;
            handedBits = bits;
            handedRef = ref;
        }
    }

    /** g0: the frame it re-entered threw {@code t}; its caller rethrows it at the call site. */
    void handThrown(Throwable t) {
        hand('T', 0, t);
    }

    /** The handed reference, taken (a handed exception is rethrown here, at the caller's call site). */
    protected final Object takeRef() {
        Object v = handedRef;
        handedRef = null;
        if (handedKind == 'T') {
            throw Entry.sneaky((Throwable) v);
        }
        return v;
    }
}
