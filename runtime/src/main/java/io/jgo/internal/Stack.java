package io.jgo.internal;

/**
 * A goroutine's segmented stack of saved frames, plus the three handshake words that rewritten
 * code reads and writes. This class <em>is</em> the contract between the instrumenter and the
 * runtime: the instrumenter knows it only by the names in {@code io.jgo.instrument.RuntimeNames},
 * so every public member here is part of that protocol and must not be renamed alone.
 *
 * <h2>Protocol seen from a rewritten method</h2>
 * <pre>
 * prologue:   s = Stack.current(); via = s.takeCallSite(); recv = s.callee;
 *             if (s.attention != 0) switch (s.onAttention(ME)) ... (out of line)
 * call site:  [virtual, interface or special call: spill receiver and arguments to locals]
 *             s.callSite = SITE_ID (the arguments of a static call stay on the operand stack);
 *             [virtual or interface call: s.callee = receiver]; call;
 *             if (s.afterCall()) goto SAVE_i (out of line; afterCall clears callSite, returns suspending)
 * handler:    every exception handler of the original code starts with s.onCatch()
 * loop head:  if (s.pollAttention() != 0) goto POLL_j (out of line)
 * SAVE_i:     if (!M$jgo$save$k(stack values, live locals, s, via, recv)) goto RESTORE_i; return a dummy value
 *             where the synthetic helper does: s.pushFrame(ME, i, nPrims, nRefs, RESUMER); saveX(value, s, slot)...;
 *             return s.unwindOrPin(via, ME, recv)  (a frame that may not unwind pins in there, and
 *             its callee then resumes from its own record)
 * RESTORE_i:  restoreX(slot)... ; [static call: push default arguments]; goto call site
 * AFTER_i:    (onAttention returned -1 - i: re-entered alone by g0) restoreX(slot)...; s.handedX(); goto after the call
 * </pre>
 * A call site that holds a monitor saves nothing: {@code s.pinHere(where); goto call site}.
 *
 * <h2>The handshake, and why it cannot go stale</h2>
 * A frame may unwind only into the rewritten call site that called it; {@link Adjacency} checks
 * that the frame below is that site (looking through {@code LambdaMetafactory} forwarders). Three
 * rules keep the handshake words meaning what they say:
 * <ol>
 * <li>The callee takes {@link #callSite} in its prologue, and the caller clears it when the call
 *     returns and when one of its exception handlers is entered. So a call into code that was not
 *     rewritten (a JDK iterator) cannot leave an id behind for a later, unrelated callee.</li>
 * <li>A virtual or interface site marks its id with {@link #VIRTUAL_SITE} and leaves its receiver
 *     in {@link #callee}: the verdict is cached per receiver class, because the class decides
 *     which method runs first (the rewritten callee itself, a forwarder to it, or an override or
 *     wrapper nobody rewrote), so the same (site, callee) pair can be adjacent for one class and
 *     not for another.</li>
 * <li>A resumed frame checks that the record it pops is its own ({@link #onAttention(int)}), and an
 *     exception that reaches a handler while records wait to be resumed abandons them
 *     ({@link #onCatch()}): records whose frames will never be re-entered are never restored into
 *     another frame.</li>
 * </ol>
 *
 * <h2>Lazy resume</h2>
 * g0 re-enters saved frames one at a time ({@link Entry#run}), so between two runs the records lie
 * in two parts: on top, the <em>top group</em> (the innermost records up to the first whose frame
 * can be re-entered alone), saved outermost on top as an unwind pushes them; below it, every other
 * saved frame in call order, innermost on top ({@link #layOutUnwound}). g0 re-enters the top
 * group's top frame, whose restore code re-enters the rest of the group the eager way; then each
 * frame below, alone, handing it what the frame above returned ({@code handX} / {@code handedX}).
 * While a frame runs, the records of the frames g0 has still to re-enter sit below {@link #floor}:
 * code on the thread never pops them, a fresh unwind pushes above them, and an abandoned resume
 * drops only what is above. A rewritten frame's record says where its class's {@link Resumer} is
 * (none; the one {@link Resumers#registered} for its method id; or its last reference slot, when
 * another class registered that id first) and, for an instance method, keeps its receiver in
 * reference slot 0.
 *
 * <h2>Records</h2>
 * Suspension is return-based: the innermost frame saves first, so records are pushed deepest
 * first and popped outermost first. A record is {@code nPrims} longs and a tail in
 * {@link Segment#prims}, and {@code nRefs} slots in {@link Segment#refs}. A record never spans two
 * segments, and every segment before the current one holds one at least (popping steps back one segment). The tail is read from the top, so its last long says how long it is:
 * <pre>
 * compact (one long, sign bit set):  1 | me (32 bits) | nRefs (10) | nPrims (10) | resumer (2) | label (9)
 * wide (two longs, sign bit clear):  me | resumer << 32; label | nPrims << 21 | nRefs << 42
 * </pre>
 * Almost every frame is compact (fewer than 1,024 slots of each kind, fewer than 512 labels): a
 * parked frame then costs one long less, which is half the record of a small frame.
 *
 * <h2>Threads</h2>
 * Every field except the {@link #PREEMPT} bit of {@link #attention} is written only by the thread
 * currently running the goroutine (its owner). Sysmon sets {@code PREEMPT} with a CAS; the owner
 * updates {@code attention} with release stores (no fence), which may erase a concurrent preempt request: that
 * is benign, preemption is advisory and sysmon asks again on its next tick. The owner never loses
 * its own {@code RESUMING} bit because sysmon only ever writes through a CAS of the full word.
 *
 * <p>{@link #attention} is not {@code volatile}. A prologue reads it plainly, as Go's function
 * prologue reads {@code stackguard0}: the owner's own bits are read by the thread that wrote them,
 * and for sysmon's bit a plain read lets the JIT fold the prologues of a chain of inlined rewritten
 * methods into one check instead of fencing each (a volatile read keeps the compiler from merging or
 * moving any memory access across it, so every inlined level paid its loads and stores again).
 * The cost: the JIT may hoist a prologue's read out of a loop that calls nothing it cannot inline,
 * so such a loop, like an inlined Go function, is no preemption point. Loop heads therefore read the
 * word with {@link #pollAttention()} (opaque: never hoisted out of the loop, eventually sees
 * sysmon's write), and a goroutine that does not answer is retaken by sysmon as in a syscall.
 */
public final class Stack {

    /** {@link #attention} bit: records must be popped; set by g0 before re-entering a goroutine. */
    public static final int RESUMING = 1;
    /** {@link #attention} bit: sysmon asks the goroutine to yield at its next prologue. */
    public static final int PREEMPT = 2;
    /**
     * {@link #attention} bit, with {@link #RESUMING}: g0 re-enters one frame alone and hands it what
     * its callee returned ({@link #handedI()} and kin); the prologue dispatches to the code after the call.
     */
    static final int HANDING = 4;

    /** The call-site id g0's resume entries hand a frame they re-enter alone: its caller is g0 itself (see {@link Adjacency}). */
    public static final long LAZY_VIA = (long) MethodIds.of("io.jgo.internal.Entry", "run", "(Lio/jgo/internal/Stack;Ljava/lang/Runnable;)I") << 32 | 1;

    /** {@link #onAttention()} result: yield now at the prologue (preemption). */
    public static final int PREEMPT_NOW = -1;

    /** {@link #yieldKind}: the goroutine parks (a waiter list holds it; someone will ready it). */
    public static final int YIELD_PARK = 1;
    /** {@link #yieldKind}: the goroutine gives up its time slice (Go.gosched). */
    public static final int YIELD_GOSCHED = 2;
    /** {@link #yieldKind}: the goroutine was preempted at a function prologue. */
    public static final int YIELD_PREEMPT = 3;

    private static final int LABEL_BITS = 21;
    private static final long FIELD_MASK = (1L << LABEL_BITS) - 1;
    /** Fields of a compact tail (see the class comment). */
    private static final int COMPACT_LABEL_BITS = 11; // the label (9 bits) and where the resumer is (2 bits, see RESUMER_)
    private static final int COMPACT_LABEL_ONLY_BITS = 9;
    private static final long COMPACT_LABEL_ONLY_MASK = (1L << COMPACT_LABEL_ONLY_BITS) - 1;
    /** Where a record's frame finds its {@link Resumer}: it has none (hand-written, or cannot be re-entered alone). */
    private static final int RESUMER_NONE = 0;
    /** ... its class's resumer is the one {@link Resumers#registered} for its method id (the common case: no slot). */
    private static final int RESUMER_BY_ID = 1;
    /** ... in the record's last reference slot (another class registered the id first: two class loaders, a hash collision). */
    private static final int RESUMER_IN_RECORD = 2;
    private static final int COMPACT_COUNT_BITS = 10;
    private static final int COMPACT_ME_SHIFT = COMPACT_LABEL_BITS + 2 * COMPACT_COUNT_BITS;
    private static final long COMPACT_COUNT_MASK = (1L << COMPACT_COUNT_BITS) - 1;
    private static final int FIRST_SEGMENT_PRIMS = 12;
    private static final int FIRST_SEGMENT_REFS = 6;
    private static final int MAX_SEGMENT_SLOTS = 4096;

    /**
     * Folded request word read by every rewritten prologue (plainly) and loop poll (opaque); see the
     * class comment for its writers and why it is not {@code volatile}. Written only through {@link #ATTENTION}.
     */
    public int attention;
    /** Set by a yield primitive, cleared by g0 (or by a pin) once the unwind is over. Owner only. */
    public boolean suspending;
    /** Call-site handshake: written by a rewritten caller right before a suspendable call, taken by the callee. Owner only. */
    public long callSite;
    /**
     * Call-site handshake, second word: the receiver of a virtual or interface call site (one whose
     * {@link #callSite} carries {@link #VIRTUAL_SITE}); meaningless otherwise. Owner only.
     */
    public Object callee;

    /** Bit of a call-site id (in its label half) marking a virtual or interface call whose receiver is in {@link #callee}. */
    public static final long VIRTUAL_SITE = 1L << 30;

    /**
     * Marks a call-site id whose caller shares its method id with another method of its class (the
     * instrumenter finds it): no frame may unwind into such a caller ({@link Adjacency}), it pins.
     */
    public static final long SHARED_ID_SITE = 1L << 29;

    /** Why the current unwind happens: one of the {@code YIELD_} constants. Owner only. */
    public int yieldKind;

    /**
     * The owner's reusable select state ({@code io.jgo.internal.chan.SelectOp}), so a select that
     * does not park allocates nothing; null while a select uses it. Owner only.
     */
    public Object selectCache;

    /**
     * The thread-owned locks the goroutine holds, one entry per hold, and how many: while the count
     * is not zero every suspension pins (see {@link OwnedLocks}, which alone writes them). Owner only.
     */
    Object[] ownedLocks;
    int ownedLockCount;

    /** Suspensions, process-wide, that could not unwind and pinned a carrier instead (tests, diagnostics). */
    private static final java.util.concurrent.atomic.LongAdder PINS = new java.util.concurrent.atomic.LongAdder();

    private final Owner owner;
    private Segment segment;   // current segment, null until the first suspension
    private int primTop;       // first free slot in segment.prims
    private int refTop;        // first free slot in segment.refs
    private int primBase;      // slot 0 of the record being saved or restored
    private int refBase;
    private int depth;         // records on the whole chain
    /**
     * Records at depth {@code <= floor} belong to frames that are not on the thread: g0 re-enters them
     * one at a time, innermost first ({@link Entry#run}). Code on the thread never pops below it.
     */
    private int floor;
    /**
     * How the records are laid out between two runs (see "Lazy resume" in the class comment): the
     * top {@code topGroup} records are re-entered through their top frame's own restore code, the
     * rest one frame at a time; 0 with records saved means the whole chain is re-entered from
     * {@link Entry#call} (a frame in it has no resume entry).
     */
    private int topGroup;
    /** What the frame g0 just ran returned or threw, for its caller's resume: a kind, see {@link #handedKind}. */
    private long handedBits;
    private Object handedRef;
    /** 'Z' 'B' 'C' 'S' 'I' 'J' 'F' 'D' 'A' 'V', or 'T' when {@link #handedRef} is a Throwable to rethrow. */
    private char handedKind;
    /**
     * Has the goroutine suspended since it started? Its first unwind is laid out for the eager way
     * ({@link #layOutUnwound}): most goroutines park once (a spawn, a join, one receive) and the
     * eager resume is the cheaper one for a stack that unwinds once; a goroutine that suspends
     * again pays the reorder then, and from there on re-enters one frame per round trip.
     */
    private boolean suspendedBefore;

    /** What a stack needs from the scheduler; implemented by the goroutine that owns it. */
    public interface Owner {
        /**
         * The goroutine cannot unwind (a frame in the way is not rewritten, or holds a monitor):
         * block the carrier until the goroutine is readied, handing its P to another M meanwhile.
         * For {@code YIELD_GOSCHED} and {@code YIELD_PREEMPT} an implementation may simply return.
         */
        void parkPinned(Stack stack, int kind);
    }

    public Stack(Owner owner) {
        this.owner = owner;
    }

    /** The stack of the goroutine running on this thread, or this thread's own never-suspending stack. */
    public static Stack current() {
        Thread t = Thread.currentThread();
        if (t instanceof Carrier) {
            return ((Carrier) t).stack;
        }
        return ThreadStacks.current();
    }

    /** How many suspensions so far, in this process, pinned their carrier instead of unwinding. */
    public static long pinCount() {
        return PINS.sum();
    }

    /** Is this the stack of a goroutine (as opposed to a plain thread's or g0's)? */
    public boolean isGoroutine() {
        return owner != null;
    }

    public Owner owner() {
        return owner;
    }

    /** Number of saved frame records. */
    public int depth() {
        return depth;
    }

    // ---------------------------------------------------------------- prologue (out of line)

    /**
     * Called by a rewritten prologue (of the method whose id is {@code me}) when {@link #attention}
     * is non-zero. Returns the label of the record just popped (resume), {@link #PREEMPT_NOW}, or 0
     * when there is nothing to do (run the body from its start).
     */
    public int onAttention(int me) {
        int a = attention;
        if ((a & RESUMING) != 0) {
            return resumeFrame(me); // the common case, kept small so the JIT inlines it into prologues
        }
        return onPreemptRequest(a);
    }

    private int resumeFrame(int me) {
        if (topMethod() != me) {
            // Not the frame the record was saved by: this is a fresh call, and the waiting records
            // belong to frames that will never be re-entered (see the class comment, rule 3).
            abandonResume("a fresh call to " + FrameNames.method(me) + " met the saved frame of "
                    + FrameNames.method(topMethod()));
            return 0;
        }
        int label = popRecord();
        int a = attention;
        if ((a & HANDING) != 0) {
            setAttention(a & ~HANDING);
            return -1 - label; // the call at this label returned: continue after it (see the rewrite's RESUME_AFTER)
        }
        return label;
    }

    /**
     * First thing in every exception handler of rewritten code: the call that threw has returned,
     * so its handshake is void; and records still waiting to be resumed now never will be.
     */
    public void onCatch() {
        callSite = 0;
        if ((attention & RESUMING) != 0) {
            abandonResume("an exception was caught before the frames saved below the catching frame were re-entered");
        }
    }

    /**
     * Drops every record above the floor (their frames are gone) and ends the resume; warns once,
     * since it means a rewrite missed a path. Records below the floor belong to outer frames that
     * g0 still re-enters: they are intact.
     */
    private void abandonResume(String why) {
        Warnings.once("abandon:" + why, () -> "saved frames of a goroutine were discarded: " + why);
        dropAbove(floor);
        setAttention(attention & ~(RESUMING | HANDING));
    }

    private int onPreemptRequest(int a) {
        if ((a & PREEMPT) != 0) {
            setAttention(a & ~PREEMPT);
            return owner == null ? 0 : PREEMPT_NOW;
        }
        return 0;
    }

    /**
     * Called by a loop head of rewritten code when {@link #attention} is non-zero: true when it is a
     * preemption request of a goroutine (taken: the bit is cleared), so the loop saves its frame and
     * yields; false otherwise (a plain thread, or nothing to answer).
     */
    public boolean onPoll() {
        int a = pollAttention(); // opaque again: a plain re-read need not see what the loop head saw
        if ((a & PREEMPT) == 0) {
            return false;
        }
        setAttention(a & ~PREEMPT);
        return owner != null;
    }


    /**
     * A prologue answering a preemption request, after its helper pushed the frame's record: starts
     * an unwind of kind {@link #YIELD_PREEMPT}, or drops the record and returns false (carry on)
     * when this frame cannot unwind.
     */
    public boolean startPreempt(long via, int me, Object recv) {
        // A frame not called from a rewritten site (via 0: a library callback) simply carries on: a
        // preemption is advisory, so it is neither a pin nor worth a warning. So does a goroutine that
        // holds a thread-owned lock (it may not leave its carrier; sysmon retakes the P if it lasts).
        if (via == 0 || ownedLockCount != 0 && OwnedLocks.stillHeld(this) || !Adjacency.adjacent(via, me, recv)) {
            dropFrame();
            return false;
        }
        suspending = true;
        yieldKind = YIELD_PREEMPT;
        return true;
    }

    /** Takes the call-site handshake: every rewritten prologue, and the hand-written runtime primitives. */
    public long takeCallSite() {
        long via = callSite;
        callSite = 0;
        return via;
    }

    /**
     * A rewritten call site right after its call returned: voids the handshake (a callee that was not
     * rewritten never took it, and it must not reach a later, unrelated callee) and says whether the
     * call is unwinding. One call instead of two field accesses keeps rewritten methods small; the
     * JIT inlines it everywhere.
     */
    public boolean afterCall() {
        callSite = 0;
        return suspending;
    }

    /**
     * The loop-head poll of rewritten code: the attention word, read opaque so that the JIT keeps
     * the read inside the loop (a plain read could be hoisted out of it, and sysmon's request would
     * never be seen there).
     */
    public int pollAttention() {
        return (int) ATTENTION.getOpaque(this);
    }

    // ---------------------------------------------------------------- suspension

    /**
     * Called by a leaf primitive (hand-written, in the runtime) to yield. Returns true when the
     * leaf must now return to its caller so that the chain unwinds to g0; returns false when the
     * goroutine was pinned instead (the frame below is not the rewritten call site that called the
     * leaf, or the goroutine holds a thread-owned lock, see {@link OwnedLocks}), in which case the
     * wait (if any) is already over. The leaf must not call rewritten code between {@link #takeCallSite} and this call ({@link #callee} is read here).
     */
    public boolean suspendLeaf(long via, int me, int kind) {
        yieldKind = kind;
        if (ownedLockCount != 0 && OwnedLocks.stillHeld(this)) {
            OwnedLocks.warnPinned(this, me); // a thread-owned lock cannot follow the goroutine: keep the thread
            PINS.increment();
            owner.parkPinned(this, kind);
            return false;
        }
        if (!Adjacency.adjacent(via, me, callee)) {
            PINS.increment();
            owner.parkPinned(this, kind);
            return false;
        }
        pushRecord(me, 1, 0, 0, RESUMER_NONE);
        suspending = true;
        return true;
    }

    /** A resumed leaf primitive pops its own (empty) record. */
    public void resumeLeaf() {
        popRecord();
    }

    /** Is the current call re-entering a frame that has a record? (Used by leaf primitives.) */
    public boolean isResuming() {
        return (attention & RESUMING) != 0;
    }

    /** A hand-written frame saving itself: reserves the frame's record; the values follow with {@code saveX}. */
    public void pushFrame(int me, int label, int nPrims, int nRefs) {
        pushRecord(me, label, nPrims, nRefs, RESUMER_NONE);
    }

    /**
     * A rewritten frame's save helper: reserves the frame's record; the values follow with
     * {@code saveX}. {@code resumer} is its class's (null: the frame cannot be re-entered alone).
     * It costs no slot when it is the one registered for the method id; otherwise it takes the
     * record's last reference slot, after the helper's {@code nRefs}.
     */
    public void pushFrame(int me, int label, int nPrims, int nRefs, Resumer resumer) {
        if (resumer == null) {
            pushRecord(me, label, nPrims, nRefs, RESUMER_NONE);
        } else if (Resumers.registered(me) == resumer) {
            pushRecord(me, label, nPrims, nRefs, RESUMER_BY_ID);
        } else {
            pushRecord(me, label, nPrims, nRefs + 1, RESUMER_IN_RECORD);
            segment.refs[refBase + nRefs] = resumer;
        }
    }

    /**
     * Called by a save helper once the frame's record is written: may the frame now return to its
     * caller? False when the caller is not the rewritten call site that handed the frame its call-site
     * id; the frame must then pin ({@link #pinAfterSave}).
     */
    public boolean mayUnwind(long via, int me, Object recv) {
        return Adjacency.adjacent(via, me, recv);
    }

    /**
     * A rewritten frame's save helper, once the frame's record is written: true when the frame may
     * return to its caller ({@link #mayUnwind}); otherwise the frame pins here ({@link #pinAfterSave}:
     * its record is taken back for its restore code, which it runs next) and this returns false.
     */
    public boolean unwindOrPin(long via, int me, Object recv) {
        if (Adjacency.adjacent(via, me, recv)) {
            return true;
        }
        pinAfterSave();
        return false;
    }

    /**
     * A frame that saved its record but cannot unwind: takes its record back (its restore code reads
     * it next), blocks the carrier until the goroutine is readied, and arms the resume of the deeper
     * frames from their records.
     */
    public void pinAfterSave() {
        popRecord();
        suspending = false;
        PINS.increment();
        owner.parkPinned(this, yieldKind);
        if (depth > floor) {
            setAttention(attention | RESUMING);
        }
    }

    /**
     * The unwind stops at this frame: block the carrier until the goroutine is readied, then
     * re-enter the deeper frames from their records. {@code reason} is non-null for a call site
     * that holds a monitor (reported once per site).
     */
    public void pinHere(String reason) {
        if (reason != null) {
            Warnings.once(reason, () -> "goroutine pinned: a suspension happened while holding a monitor at " + reason
                    + "; its carrier blocks while it waits. Fix: use io.jgo.Mutex instead of synchronized (it may be held"
                    + " across a suspension), or park outside the synchronized block");
            if (PinReport.ENABLED) {
                PinReport.pinned(reason + " (holding a monitor)");
            }
        }
        suspending = false;
        PINS.increment();
        owner.parkPinned(this, yieldKind);
        if (depth > floor) {
            setAttention(attention | RESUMING);
        }
    }

    /** g0: the unwind reached the bottom; the goroutine is off the carrier. */
    public void endUnwind() {
        suspending = false;
    }

    /** About to re-enter every saved frame from the goroutine's entry (the eager way); arms the resume dispatch if frames were saved. */
    public void prepareResume() {
        floor = 0;
        topGroup = 0;
        if (depth > 0) {
            setAttention(attention | RESUMING);
        }
    }

    /** g0: the goroutine ended; keep only the first segment so a reused G does not allocate. */
    public void reset() {
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
        OwnedLocks.forget(this);
        handedRef = null;
        suspendedBefore = false;
        suspending = false;
        callSite = 0;
        callee = null;
        setAttention(0);
    }

    /** Pops records, releasing their references, until {@code keep} are left. */
    private void dropAbove(int keep) {
        while (depth > keep) {
            int refs = refsOf(topTail());
            popRecord();
            java.util.Arrays.fill(segment.refs, refBase, refBase + refs, null);
        }
    }

    /**
     * The owner's write of {@link #attention}: a release store (a plain move on x86, no fence). Only
     * the owner reads its own bits back, so it needs no stronger order; a concurrent preempt request
     * it overwrites is lost, which the class comment allows.
     */
    private void setAttention(int value) {
        ATTENTION.setRelease(this, value);
    }

    /** sysmon: ask the goroutine to yield at its next prologue (see class comment for the race). */
    public void requestPreempt() {
        int a = (int) ATTENTION.getVolatile(this); // another thread's read: the field is not volatile
        ATTENTION.compareAndSet(this, a, a | PREEMPT);
    }

    /**
     * The saved frames, outermost first, as {@code Class.method(File:line)} where known (names are
     * learned when a frame first suspends). For goroutine dumps: call it only while the goroutine is
     * parked (its records do not change then); the reading thread must have synchronized with the
     * goroutine's park (e.g. through the lock of the waiter list that holds it).
     */
    public java.util.List<String> savedFrames() {
        java.util.List<String> frames = new java.util.ArrayList<>();
        try {
            java.util.List<String> topDown = describe(topRecords(depth), 0);
            // Lazy layout: the top group is saved outermost on top; the records below it lie in call order, innermost on top.
            int group = topGroup > 0 ? topGroup : topDown.size();
            for (int i = topDown.size() - 1; i >= group; i--) {
                frames.add(topDown.get(i));
            }
            frames.addAll(topDown.subList(0, group));
        } catch (RuntimeException raced) { // the goroutine ran meanwhile: show what was read
            frames.add("...");
        }
        return frames;
    }

    /**
     * The frames of a running goroutine that g0 still has to re-enter one at a time (they are not
     * on its thread), innermost first. Racy by nature (any thread, while the goroutine runs): for dumps.
     */
    public java.util.List<String> framesBelowFloor() {
        java.util.List<String> frames = new java.util.ArrayList<>();
        try {
            int skip = depth - floor;
            frames.addAll(describe(topRecords(depth), Math.max(0, skip)));
        } catch (RuntimeException raced) {
            frames.add("...");
        }
        return frames;
    }

    /**
     * g0, handing an exception to the frames it re-enters alone: those frames, innermost first, as
     * stack-trace elements (every record is below the floor then, in call order).
     */
    StackTraceElement[] savedTrace() {
        long[] records = topRecords(depth);
        StackTraceElement[] trace = new StackTraceElement[records.length];
        for (int i = 0; i < records.length; i++) {
            trace[i] = FrameNames.element((int) (records[i] >>> 32), (int) records[i]);
        }
        return trace;
    }

    /** The names of {@code records} (see {@link #topRecords}) from index {@code from} on. */
    private static java.util.List<String> describe(long[] records, int from) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int i = from; i < records.length; i++) {
            names.add(FrameNames.describe((int) (records[i] >>> 32), (int) records[i]));
        }
        return names;
    }

    /** The top {@code n} records, top first, each as {@code me << 32 | label}. */
    private long[] topRecords(int n) {
        long[] records = new long[n];
        Segment seg = segment;
        int top = primTop;
        for (int i = 0; i < n; i++) {
            while (top == 0 && seg.prev != null) {
                seg = seg.prev;
                top = seg.usedPrims;
            }
            long tail = seg.prims[top - 1];
            records[i] = (long) methodOf(seg.prims, top) << 32 | labelOf(tail);
            top -= primsOf(tail) + tailLength(tail);
        }
        return records;
    }

    /** Bytes held by this stack's segments (for the footprint test). */
    public long retainedBytes() {
        long total = 0;
        Segment s = segment;
        while (s != null && s.prev != null) {
            s = s.prev;
        }
        for (; s != null; s = s.next) {
            total += 16 + 8L * s.prims.length + 16 + 4L * s.refs.length + 24;
        }
        return total;
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
        setAttention(attention | RESUMING);
    }

    /** g0: the frame on top is re-entered alone, at the code after its call, with what was just handed. */
    void beginHandOff() {
        floor = depth - 1;
        setAttention(attention | RESUMING | HANDING);
    }

    /**
     * g0, after the frame it re-entered returned or threw: records the frame's callees left above the
     * floor (an exception cut their re-entry short) belong to frames that are gone.
     */
    void endReentry() {
        if (depth > floor) {
            abandonResume("an exception left the frame g0 re-entered before the frames saved above it were re-entered");
        }
        setAttention(attention & ~(RESUMING | HANDING));
    }

    /** g0: calls the resume entry of the frame on top; it re-enters that frame alone. */
    void reenterTop() {
        Resumer r = topResumer();
        int me = topMethod();
        callSite = LAZY_VIA;
        r.resume(this, me);
    }

    /** The resume entry of the top record's frame, or null (a hand-written frame, or one that cannot be re-entered alone). */
    private Resumer topResumer() {
        Segment seg = topSegment();
        return resumerOf(seg.prims, topPrims(), seg.refs, topRefs());
    }

    /** Generated resume entries: reference slot {@code slot} of the top record, left in place (the receiver of the frame to re-enter). */
    public Object peekRef(int slot) {
        return topSegment().refs[topRefs() - refsOf(topTail()) + slot];
    }

    /**
     * g0, after an unwind: lays out the records just saved (those above the floor, pushed innermost
     * first) for the next run. The innermost ones up to the first that can be re-entered alone form
     * the top group and keep their order (their top frame re-enters the others through its calls,
     * which pop records outermost first); the rest are put in call order, innermost on top, so
     * g0 can re-enter them one at a time. If even the outermost new record cannot be re-entered
     * alone, the whole chain is re-entered from the entry next time (only possible from a run that
     * started there, as every frame g0 re-enters alone has a resume entry and saves it again); so is
     * a goroutine's first unwind ({@link #suspendedBefore}).
     */
    void layOutUnwound() {
        if (floor == 0 && !suspendedBefore) {
            suspendedBefore = true;
            topGroup = 0; // the first unwind: from the entry, the eager way
            return;
        }
        int fresh = depth - floor;
        int lastWithout = -1; // index (0 = innermost) of the outermost new record without a resume entry
        Segment seg = segment;
        int top = primTop;
        int refs = refTop;
        for (int i = fresh - 1; i >= 0; i--) {
            if (top == 0) {
                seg = seg.prev;
                top = seg.usedPrims;
                refs = seg.usedRefs;
            }
            long tail = seg.prims[top - 1];
            int n = refsOf(tail);
            if (resumerOf(seg.prims, top, seg.refs, refs) == null) {
                lastWithout = i; // scanning from the top: the first one found is the outermost
                break;
            }
            top -= primsOf(tail) + tailLength(tail);
            refs -= n;
        }
        int group = lastWithout + 2; // records 0 .. lastWithout + 1
        if (group > fresh) {
            if (floor > 0) {
                throw new IllegalStateException("a frame re-entered alone saved a record without its resume entry");
            }
            topGroup = 0; // from the entry, the eager way
        } else {
            if (group < fresh) {
                reorder(fresh, group);
            }
            topGroup = group;
        }
        floor = 0;
    }

    /** Moves the {@code fresh} top records so that the innermost {@code group} stay on top in their order and the rest lie below them innermost on top. */
    private void reorder(int fresh, int group) {
        Scratch scratch = Scratch.get();
        scratch.clear();
        // Records are a few slots each: plain loops, not System.arraycopy calls (a stub call each).
        for (int i = 0; i < fresh; i++) { // outermost first: pop order
            if (primTop == 0) {
                segment = segment.prev;
                primTop = segment.usedPrims;
                refTop = segment.usedRefs;
            }
            long[] prims = segment.prims;
            Object[] refs = segment.refs;
            long tail = prims[primTop - 1];
            int n = refsOf(tail);
            int len = primsOf(tail) + tailLength(tail);
            primTop -= len;
            refTop -= n;
            scratch.add(prims, primTop, len, refs, refTop, n);
        }
        depth -= fresh;
        for (int i = 0; i < fresh - group; i++) { // outer part: outermost lowest
            pushCopy(scratch, i);
        }
        for (int i = fresh - 1; i >= fresh - group; i--) { // top group: innermost lowest, as saved
            pushCopy(scratch, i);
        }
        scratch.clear();
    }

    private void pushCopy(Scratch scratch, int i) {
        int len = scratch.primLength(i);
        int n = scratch.refLength(i);
        Segment seg = reserve(len, n);
        long[] fromPrims = scratch.prims;
        long[] toPrims = seg.prims;
        for (int k = 0, from = scratch.primStart(i), to = primTop; k < len; k++) {
            toPrims[to + k] = fromPrims[from + k];
        }
        Object[] fromRefs = scratch.refs;
        Object[] toRefs = seg.refs;
        for (int k = 0, from = scratch.refStart(i), to = refTop; k < n; k++) {
            toRefs[to + k] = fromRefs[from + k];
        }
        primBase = primTop;
        refBase = refTop;
        primTop += len;
        refTop += n;
        depth++;
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

    // Hand-off: a generated resume entry hands g0 what the frame it re-entered returned (value
    // first, as the save helpers take theirs; nothing while the frame is unwinding instead), and the
    // caller's re-entered code takes it with handedX, converting as the LambdaMetafactory forwarder
    // that may have stood between the two frames would have (box, unbox, widen, drop).

    public static void handZ(boolean v, Stack s) {
        s.hand('Z', v ? 1 : 0, null);
    }

    public static void handB(byte v, Stack s) {
        s.hand('B', v, null);
    }

    public static void handC(char v, Stack s) {
        s.hand('C', v, null);
    }

    public static void handS(short v, Stack s) {
        s.hand('S', v, null);
    }

    public static void handI(int v, Stack s) {
        s.hand('I', v, null);
    }

    public static void handJ(long v, Stack s) {
        s.hand('J', v, null);
    }

    public static void handF(float v, Stack s) {
        s.hand('F', Float.floatToRawIntBits(v), null);
    }

    public static void handD(double v, Stack s) {
        s.hand('D', Double.doubleToRawLongBits(v), null);
    }

    public static void handA(Object v, Stack s) {
        s.hand('A', 0, v);
    }

    public static void handV(Stack s) {
        s.hand('V', 0, null);
    }

    private void hand(char kind, long bits, Object ref) {
        if (!suspending) { // an unwinding frame returns a dummy value: nothing to hand
            handedKind = kind;
            handedBits = bits;
            handedRef = ref;
        }
    }

    /** g0: the frame it re-entered threw {@code t}; its caller rethrows it at the call site. */
    void handThrown(Throwable t) {
        hand('T', 0, t);
    }

    private Object takeRef() {
        Object v = handedRef;
        handedRef = null;
        if (handedKind == 'T') {
            throw Entry.sneaky((Throwable) v);
        }
        return v;
    }

    public void handedV() {
        takeRef();
    }

    public Object handedA() {
        Object ref = takeRef();
        long b = handedBits;
        switch (handedKind) {
            case 'A': return ref;
            case 'Z': return b != 0;
            case 'B': return (byte) b;
            case 'C': return (char) b;
            case 'S': return (short) b;
            case 'I': return (int) b;
            case 'J': return b;
            case 'F': return Float.intBitsToFloat((int) b);
            case 'D': return Double.longBitsToDouble(b);
            default: return null; // 'V': a void method's result dropped for an Object
        }
    }

    public int handedI() {
        Object ref = takeRef();
        if (handedKind == 'A') {
            return unboxInt(ref);
        }
        return (int) handedBits;
    }

    public long handedJ() {
        Object ref = takeRef();
        switch (handedKind) {
            case 'A': return ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'J': return handedBits;
            default: return (int) handedBits;
        }
    }

    public float handedF() {
        Object ref = takeRef();
        switch (handedKind) {
            case 'A': return ref instanceof Float ? (Float) ref : ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'F': return Float.intBitsToFloat((int) handedBits);
            case 'J': return handedBits;
            default: return (int) handedBits;
        }
    }

    public double handedD() {
        Object ref = takeRef();
        switch (handedKind) {
            case 'A':
                return ref instanceof Double ? (Double) ref : ref instanceof Float ? (Float) ref
                        : ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'D': return Double.longBitsToDouble(handedBits);
            case 'F': return Float.intBitsToFloat((int) handedBits);
            case 'J': return handedBits;
            default: return (int) handedBits;
        }
    }

    /** Unboxes a wrapper of an int-like primitive, widening (null throws, as the forwarder's unboxing would). */
    private static int unboxInt(Object ref) {
        if (ref instanceof Character) {
            return (Character) ref;
        }
        if (ref instanceof Boolean) {
            return (Boolean) ref ? 1 : 0;
        }
        return ((Number) java.util.Objects.requireNonNull(ref, "null returned where a primitive is expected")).intValue();
    }

    // ---------------------------------------------------------------- records

    private void pushRecord(int me, int label, int nPrims, int nRefs, int resumer) {
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

    private static int tailLength(long tail) {
        return tail < 0 ? 1 : 2;
    }

    private static int methodOf(long[] prims, int top) {
        long tail = prims[top - 1];
        return tail < 0 ? (int) (tail >>> COMPACT_ME_SHIFT) : (int) prims[top - 2];
    }

    private static int labelOf(long tail) {
        return (int) (tail < 0 ? tail & COMPACT_LABEL_ONLY_MASK : tail & FIELD_MASK);
    }

    /** The record's frame's resumer, or null; {@code refsEnd} is the end of its reference slots. */
    private static Resumer resumerOf(long[] prims, int top, Object[] refs, int refsEnd) {
        long tail = prims[top - 1];
        int where = (int) (tail < 0 ? tail >>> COMPACT_LABEL_ONLY_BITS : prims[top - 2] >>> 32) & 3;
        switch (where) {
            case RESUMER_BY_ID: return Resumers.registered(methodOf(prims, top));
            case RESUMER_IN_RECORD: return (Resumer) refs[refsEnd - 1];
            default: return null;
        }
    }

    private static int primsOf(long tail) {
        return (int) (tail < 0 ? (tail >>> COMPACT_LABEL_BITS) & COMPACT_COUNT_MASK : (tail >>> LABEL_BITS) & FIELD_MASK);
    }

    private static int refsOf(long tail) {
        return (int) (tail < 0
                ? (tail >>> (COMPACT_LABEL_BITS + COMPACT_COUNT_BITS)) & COMPACT_COUNT_MASK
                : (tail >>> (2 * LABEL_BITS)) & FIELD_MASK);
    }

    /** The segment the next record goes to, with room for {@code slots} longs and {@code nRefs} references. */
    private Segment reserve(int slots, int nRefs) {
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
     * A new segment has 1.25 times the primitive slots of the one it follows (the second one twice
     * the first's; not twice each time: a goroutine may park deep for long, and the unused tail of
     * its last segment is what it wastes, while a segment more costs only its headers) and as many
     * reference slots as the frames saved so far used per primitive slot, plus a little: frames of one
     * goroutine tend to look alike, and two arrays grown by the same factor waste whichever is used less.
     */
    private Segment nextSegment(Segment seg, int primsNeeded, int refsNeeded) {
        if (primTop == 0) {
            return replaceEmpty(seg, primsNeeded, refsNeeded);
        }
        seg.usedPrims = primTop;
        seg.usedRefs = refTop;
        Segment next = seg.next;
        if (next == null || next.prims.length < primsNeeded || next.refs.length < refsNeeded) {
            int grown = seg.prev == null ? seg.prims.length * 2 : seg.prims.length * 5 / 4;
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

    /** Pops the record just pushed and releases its references (a preemption that did not happen). */
    private void dropFrame() {
        dropAbove(depth - 1);
    }

    /** The method id of the record on top (the next one {@link #popRecord} takes); 0 when there is none. */
    int topMethod() {
        return depth == 0 ? 0 : methodOf(topSegment().prims, topPrims());
    }

    // The top record lives in the current segment, or in the one before when the current one is empty.

    private Segment topSegment() {
        return primTop == 0 && segment.prev != null ? segment.prev : segment;
    }

    private int topPrims() {
        return primTop == 0 && segment.prev != null ? segment.prev.usedPrims : primTop;
    }

    private int topRefs() {
        return primTop == 0 && segment.prev != null ? segment.prev.usedRefs : refTop;
    }

    private long topTail() {
        return topSegment().prims[topPrims() - 1];
    }

    private int popRecord() {
        Segment seg = segment;
        if (primTop == 0) {
            // This segment is empty: step back; it stays linked as prev.next, the spare.
            seg = segment = seg.prev;
            primTop = seg.usedPrims;
            refTop = seg.usedRefs;
        }
        long tail = seg.prims[primTop - 1];
        primBase = primTop - tailLength(tail) - primsOf(tail);
        refBase = refTop - refsOf(tail);
        primTop = primBase;
        refTop = refBase;
        if (--depth == floor) {
            setAttention(attention & ~RESUMING); // the frames below are not on the thread: nobody here pops them
        }
        return labelOf(tail);
    }

    // ---------------------------------------------------------------- slot access (generated code)
    // Save helpers take the value first so the generated code can save straight off the operand stack.

    public static void saveI(int v, Stack s, int slot) {
        s.segment.prims[s.primBase + slot] = v;
    }

    public static void saveJ(long v, Stack s, int slot) {
        s.segment.prims[s.primBase + slot] = v;
    }

    public static void saveF(float v, Stack s, int slot) {
        s.segment.prims[s.primBase + slot] = Float.floatToRawIntBits(v);
    }

    public static void saveD(double v, Stack s, int slot) {
        s.segment.prims[s.primBase + slot] = Double.doubleToRawLongBits(v);
    }

    public static void saveA(Object v, Stack s, int slot) {
        s.segment.refs[s.refBase + slot] = v;
    }

    public int restoreI(int slot) {
        return (int) segment.prims[primBase + slot];
    }

    public long restoreJ(int slot) {
        return segment.prims[primBase + slot];
    }

    public float restoreF(int slot) {
        return Float.intBitsToFloat((int) segment.prims[primBase + slot]);
    }

    public double restoreD(int slot) {
        return Double.longBitsToDouble(segment.prims[primBase + slot]);
    }

    /** Returns and clears a reference slot, so a resumed goroutine does not keep garbage alive. */
    public Object restoreA(int slot) {
        Object[] refs = segment.refs;
        int i = refBase + slot;
        Object v = refs[i];
        refs[i] = null;
        return v;
    }

    /**
     * One link of the chain. {@code usedPrims}/{@code usedRefs} remember how full a segment was
     * when the chain moved on to the next one, so popping can step back into it.
     */
    static final class Segment {
        final Segment prev;
        Segment next;
        final long[] prims;
        final Object[] refs;
        int usedPrims;
        int usedRefs;

        Segment(Segment prev, int prims, int refs) {
            this.prev = prev;
            this.prims = new long[prims];
            this.refs = new Object[refs];
        }
    }

    private static final java.lang.invoke.VarHandle ATTENTION;

    static {
        try {
            ATTENTION = java.lang.invoke.MethodHandles.lookup().findVarHandle(Stack.class, "attention", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
