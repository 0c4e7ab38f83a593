package io.jgo.internal;

import io.jgo.internal.cont.FrameNames;
import io.jgo.internal.cont.Adjacency;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.Entry;
import io.jgo.internal.cont.HandOff;
import io.jgo.internal.cont.PinReport;
import io.jgo.internal.cont.PinSites;
import io.jgo.internal.cont.Records;
import io.jgo.internal.cont.ThreadStacks;

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
 * <h2>Where the rest lives</h2>
 * This class holds the handshake words and the protocol; the machinery behind it is in the
 * concealed package {@code io.jgo.internal.cont}: the records and their segments
 * ({@code Records}, its superclass), what the runtime does to a stack (leaves yield, frames pin,
 * g0 resets and re-enters: {@code Continuation}), the lazy layout g0 re-enters one frame at a time
 * ({@code LazyLayout}, {@code Entry}), the hand-over of values between those frames
 * ({@code HandOff}), the adjacency check ({@code Adjacency}) and dumps ({@code SavedFrames}).
 * Members inherited from there are not reachable from outside the runtime module.
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
public final class Stack extends Continuation {

    /** {@link #attention} bit: records must be popped; set by g0 before re-entering a goroutine. */
    public static final int RESUMING = Records.RESUMING;
    /** {@link #attention} bit: sysmon asks the goroutine to yield at its next prologue. */
    public static final int PREEMPT = Continuation.PREEMPT;

    /** The call-site id g0's resume entries hand a frame they re-enter alone: its caller is g0 itself (see {@code Adjacency}). */
    public static final long LAZY_VIA = Entry.LAZY_VIA;

    /** {@link #onAttention} result: yield now at the prologue (preemption). */
    public static final int PREEMPT_NOW = -1;

    /**
     * Folded request word read by every rewritten prologue (plainly) and loop poll (opaque); see the
     * class comment for its writers and why it is not {@code volatile}. Written only through {@link #ATTENTION}.
     */
    public int attention;
    /** Call-site handshake: written by a rewritten caller right before a suspendable call, taken by the callee. Owner only. */
    public long callSite;
    /**
     * Call-site handshake, second word: the receiver of a virtual or interface call site (one whose
     * {@link #callSite} carries {@link #VIRTUAL_SITE}); meaningless otherwise. Owner only.
     */
    public Object callee;

    /** Bit of a call-site id (in its label half) marking a virtual or interface call whose receiver is in {@link #callee}. */
    public static final long VIRTUAL_SITE = Adjacency.VIRTUAL_SITE;

    /**
     * Marks a call-site id whose caller shares its method id with another method of its class (the
     * instrumenter finds it): no frame may unwind into such a caller ({@code Adjacency}), it pins.
     */
    public static final long SHARED_ID_SITE = Adjacency.SHARED_ID_SITE;

    /** A stack owned by {@code owner} (a goroutine), or with none (a plain thread's, g0's: never suspends). */
    public Stack(Owner owner) {
        super(owner);
    }

    /** The stack of the goroutine running on this thread, or this thread's own never-suspending stack. */
    public static Stack current() {
        Thread t = Thread.currentThread();
        if (t instanceof Carrier) {
            return (Stack) ((Carrier) t).stack();
        }
        return plainThread();
    }

    /** The stack of a thread that is not a carrier: M0's running goroutine's, or the thread's own. */
    private static Stack plainThread() {
        Continuation s = ThreadStacks.current();
        if (s == null) {
            s = new Stack(null);
            ThreadStacks.install(s);
        }
        return (Stack) s;
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
     * so its handshake is void; records still waiting to be resumed now never will be; and an
     * unwind the exception cut short (a save that threw) is over, its wait undone
     * ({@code Continuation.cancelUnwind}).
     */
    public void onCatch() {
        callSite = 0;
        if (suspending) {
            cancelUnwind(); // a save threw during an unwind, and this frame caught it
        } else if ((attention & RESUMING) != 0) {
            abandonResume("an exception was caught before the frames saved below the catching frame were re-entered");
        }
    }

    private int onPreemptRequest(int a) {
        if ((a & PREEMPT) != 0) {
            setAttention(a & ~PREEMPT);
            return isGoroutine() ? PREEMPT_NOW : 0;
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
        return isGoroutine();
    }


    /**
     * A prologue answering a preemption request, after its helper pushed the frame's record: starts
     * an unwind of kind {@link #YIELD_PREEMPT}, or drops the record and returns false (carry on)
     * when this frame cannot unwind.
     */
    public boolean startPreempt(long via, int me, Object recv) {
        // A frame not called from a rewritten site (via 0: a library callback) simply carries on: a
        // preemption is advisory, so it is neither a pin nor worth a warning. So does a goroutine that
        // holds a thread-owned lock (it may not leave its carrier; sysmon retakes the P if it lasts), or
        // one with too many frames saved below its thread's already (a preemption must not let a
        // recursion outgrow every thread's stack: see savedTooDeep).
        boolean mayUnwind;
        try {
            mayUnwind = via != 0 && !holdsOwnedLock() && !savedTooDeep() && Adjacency.adjacentQuietly(via, me, recv);
            if (mayUnwind) {
                Adjacency.learnPreempted(me, topLabel()); // so a dump names the record with its line
            }
        } catch (Throwable t) { // no memory for the check's first look at the stack, or for what it learns
            dropFrame();         // the record of a frame the exception now leaves
            throw t;
        }
        if (!mayUnwind) {
            dropFrame();
            return false;
        }
        suspending = true;
        yieldKind = YIELD_PREEMPT;
        return true;
    }

    /** Takes the call-site handshake: every rewritten prologue, and {@code cont.LeafPark} for the runtime's leaves. */
    @Override
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

    // ---------------------------------------------------------------- saving a frame

    /**
     * A rewritten frame's save helper: reserves the frame's record; the values follow with
     * {@code saveX}. {@code resumer} is its class's (null: the frame cannot be re-entered alone).
     * It costs no slot when it is the one registered for the method id; otherwise it takes the
     * record's last reference slot, after the helper's {@code nRefs}. A resumer that owns every id of
     * its class (all but a class that shares an id with another loaded one) is known to be the
     * registered one without a look-up: a save costs no table probe per frame.
     */
    public void pushFrame(int me, int label, int nPrims, int nRefs, Resumer resumer) {
        if (resumer == null) {
            pushRecord(me, label, nPrims, nRefs, RESUMER_NONE);
        } else if (Resumers.ownsEveryId(resumer) || Resumers.registered(me) == resumer) {
            pushRecord(me, label, nPrims, nRefs, RESUMER_BY_ID);
        } else {
            pushRecord(me, label, nPrims, nRefs + 1, RESUMER_IN_RECORD);
            segment.refs[refBase + nRefs] = resumer;
        }
    }


    /**
     * A rewritten frame's save helper, once the frame's record is written: true when the frame may
     * return to its caller ({@link #mayUnwind}); otherwise the frame pins here ({@link #pinAfterSave}:
     * its record is taken back for its restore code, which it runs next) and this returns false.
     */
    public boolean unwindOrPin(long via, int me, Object recv) {
        if (mayUnwind(via, me, recv)) {
            return true;
        }
        pinAfterSave();
        return false;
    }

    /**
     * The unwind stops at this frame: block the carrier until the goroutine is readied, then
     * re-enter the deeper frames from their records. {@code reason} is non-null for a call site
     * that holds a monitor (reported once per site).
     */
    public void pinHere(String reason) {
        if (reason != null && yieldKind != YIELD_PREEMPT) { // a preemption just carries on: see pin()
            PinSites.pinned(reason, () -> reason + " (holding a monitor)", () -> "goroutine pinned: a suspension happened while holding a monitor at " + reason
                    + "; its carrier blocks while it waits. Fix: use io.jgo.Mutex instead of synchronized (it may be held"
                    + " across a suspension), or park outside the synchronized block");
            if (PinReport.ENABLED) {
                PinReport.pinned(reason + " (holding a monitor)");
            }
        }
        pin();
    }

    // ---------------------------------------------------------------- the attention word

    @Override
    protected int attention() {
        return attention;
    }

    /**
     * The owner's write of {@link #attention}: a release store (a plain move on x86, no fence). Only
     * the owner reads its own bits back, so it needs no stronger order; a concurrent preempt request
     * it overwrites is lost, which the class comment allows.
     */
    @Override
    protected void setAttention(int value) {
        ATTENTION.setRelease(this, value);
    }

    /** sysmon: ask the goroutine to yield at its next prologue (see class comment for the race). */
    @Override
    protected void casPreempt() {
        int a = (int) ATTENTION.getVolatile(this); // another thread's read: the field is not volatile
        ATTENTION.compareAndSet(this, a, a | PREEMPT);
    }

    @Override
    protected Object callee() {
        return callee;
    }

    @Override
    protected void handshake(long site, Object receiver) {
        callSite = site;
        callee = receiver;
    }

    @Override
    protected Continuation newPlainStack() {
        return new Stack(null);
    }

    @Override
    protected void clearHandshake() {
        callSite = 0;
        callee = null;
    }

    // ---------------------------------------------------------------- lazy resume (see Entry.run)

    @Override
    protected void reenter(Object resumer, int me) {
        callSite = LAZY_VIA;
        ((Resumer) resumer).resume(this, me);
    }

    @Override
    protected Object registeredResumer(int me) {
        return Resumers.registered(me);
    }

    /** Generated resume entries: reference slot {@code slot} of the top record, left in place (the receiver of the frame to re-enter). */
    public Object peekRef(int slot) {
        return topSegment().refs[topRefs() - refsOf(topTail()) + slot];
    }


    // Hand-off (see HandOff): a generated resume entry hands g0 what the frame it re-entered
    // returned, and the caller's re-entered code takes it with handedX.

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

    public void handedV() {
        takeRef();
    }

    public Object handedA() {
        Object ref = takeRef();
        return HandOff.toObject((char) handedKind, handedBits, ref);
    }

    public int handedI() {
        Object ref = takeRef();
        return HandOff.toInt((char) handedKind, handedBits, ref);
    }

    public long handedJ() {
        Object ref = takeRef();
        return HandOff.toLong((char) handedKind, handedBits, ref);
    }

    public float handedF() {
        Object ref = takeRef();
        return HandOff.toFloat((char) handedKind, handedBits, ref);
    }

    public double handedD() {
        Object ref = takeRef();
        return HandOff.toDouble((char) handedKind, handedBits, ref);
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

    private static final java.lang.invoke.VarHandle ATTENTION;

    static {
        try {
            ATTENTION = java.lang.invoke.MethodHandles.lookup().findVarHandle(Stack.class, "attention", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
