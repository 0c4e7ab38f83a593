package io.jgo.internal.cont;

/**
 * The runtime's access to a goroutine's stack beyond the protocol rewritten code follows: tests
 * drive leaves and frames by hand (the runtime's leaves yield and resume only through
 * {@link LeafPark}, in this package), g0 ends an unwind, resets a stack
 * and arms a resume, sysmon asks for a preemption, select keeps its reusable state. These are
 * members of {@link Continuation} that are not public, so that code outside the runtime module,
 * which sees {@code io.jgo.internal.Stack} (exported for rewritten code), cannot reach them through
 * it; this class, in a package the module does not export, is how the rest of the runtime does.
 * Each method says which thread may call it; every one of them is a plain forward, inlined by the JIT.
 */
public final class StackAccess {

    private StackAccess() {
    }

    /** A leaf yields (see {@link Continuation#suspendLeaf}): for tests that drive a stack by hand; the runtime's leaves go through {@link LeafPark}. The owner. */
    public static boolean suspendLeaf(Continuation s, long via, int me, int kind) {
        return s.suspendLeaf(via, me, kind);
    }

    /** A resumed leaf pops its own (empty) record: for tests, as {@link #suspendLeaf}. The owner. */
    public static void resumeLeaf(Continuation s) {
        s.resumeLeaf();
    }

    /** A frame rewritten by hand (tests) saving itself: reserves its record; the values follow with {@code Stack.saveX}. The owner. */
    public static void pushFrame(Continuation s, int me, int label, int nPrims, int nRefs) {
        s.pushFrame(me, label, nPrims, nRefs);
    }

    /** A hand-written frame that saved its record but cannot unwind pins (see {@link Continuation#pinAfterSave}). The owner. */
    public static void pinAfterSave(Continuation s) {
        s.pinAfterSave();
    }

    /** Is the goroutine unwinding (a callee yielded)? The owner, or g0 after the run. */
    public static boolean suspending(Continuation s) {
        return s.suspending;
    }

    /** Why the current unwind happens: one of {@link Continuation}'s {@code YIELD_} constants. g0 after the run. */
    public static int yieldKind(Continuation s) {
        return s.yieldKind;
    }

    /** g0: the unwind reached the bottom; the goroutine is off the carrier. */
    public static void endUnwind(Continuation s) {
        s.endUnwind();
    }

    /** About to re-enter every saved frame from the goroutine's entry (the eager way). g0, or a test driving a stack. */
    public static void prepareResume(Continuation s) {
        s.prepareResume();
    }

    /** g0: the goroutine ended; its stack is made ready for reuse. */
    public static void reset(Continuation s) {
        s.reset();
    }

    /** sysmon (any thread): asks the goroutine to yield at its next prologue. */
    public static void requestPreempt(Continuation s) {
        s.requestPreempt();
    }

    /** The goroutine that owns {@code s}, or null for a plain thread's or g0's stack. Any thread. */
    public static Continuation.Owner owner(Continuation s) {
        return s.owner();
    }

    /** The owner's reusable select state ({@code io.jgo.internal.chan.SelectOp}), or null. The owner. */
    public static Object selectCache(Continuation s) {
        return s.selectCache;
    }

    /** Keeps (or, with null, takes) the owner's reusable select state. The owner. */
    public static void selectCache(Continuation s, Object op) {
        s.selectCache = op;
    }

    /**
     * Throws {@link IllegalStateException} if the saved records of {@code s} are inconsistent (see
     * {@link Records#checkInvariants}). Tests and diagnostics: the owner, or any thread while the goroutine is off its carrier.
     */
    public static void checkInvariants(Continuation s) {
        s.checkInvariants();
    }
}
