package io.jgo.instrument;

/**
 * Every name of the runtime that rewritten code refers to, in one place. The instrumenter never
 * imports the runtime (the agent jar must not carry a second copy of {@code io.jgo}); these
 * constants must follow {@code io.jgo.internal.Stack}, whose class comment describes the protocol.
 */
final class RuntimeNames {

    static final String GOROUTINE_DESC = "Lio/jgo/Goroutine;";
    /** Invisible annotation added to every rewritten class, so it is never rewritten twice. */
    static final String REWRITTEN_DESC = "Lio/jgo/internal/Rewritten;";
    /** Packages of the runtime itself, whose primitives are hand-written and never rewritten. */
    static final String RUNTIME_PACKAGE = "io/jgo/";
    static final String RUNTIME_INTERNAL_PREFIX = "io/jgo/internal/";

    static final String STACK = "io/jgo/internal/Stack";
    static final String STACK_DESC = "L" + STACK + ";";
    static final String CURRENT = "current";
    static final String CURRENT_DESC = "()" + STACK_DESC;
    static final String ATTENTION = "attention";
    static final String SUSPENDING = "suspending";
    static final String CALL_SITE = "callSite";
    /** Second handshake word: the receiver of a virtual or interface call site. */
    static final String CALLEE = "callee";
    /** Bit of a call-site id marking a virtual or interface site (its receiver is in {@link #CALLEE}). */
    static final long VIRTUAL_SITE = 1L << 30;
    /** (int me) -> label to resume at, preempt, or 0. */
    static final String ON_ATTENTION = "onAttention";
    static final String ON_ATTENTION_DESC = "(I)I";
    /** () -> boolean: a loop head saw attention; is it a preemption request to answer? */
    static final String ON_POLL = "onPoll";
    /** First call of every exception handler in rewritten code. */
    static final String ON_CATCH = "onCatch";
    /** Save helpers call, in order: {@code pushFrame(me, label, nPrims, nRefs)}, the {@code saveX}s, then one of the two below. */
    static final String PUSH_FRAME = "pushFrame";
    static final String PUSH_FRAME_DESC = "(IIII)V";
    /** (long via, int me, Object recv) -> may the frame return to its caller? */
    static final String MAY_UNWIND = "mayUnwind";
    /** (long via, int me, Object recv) -> start a preemption unwind (or drop the record and carry on). */
    static final String START_PREEMPT = "startPreempt";
    static final String VIA_ME_DESC = "(JILjava/lang/Object;)Z";
    static final String PIN_AFTER_SAVE = "pinAfterSave";
    static final String PIN_HERE = "pinHere";
    static final String PIN_HERE_DESC = "(Ljava/lang/String;)V";
    /** Prefix of the synthetic save helpers; the runtime's stack walk treats such frames as machinery. */
    static final String HELPER_PREFIX = "$jgo$save$";
    /** {@code Stack.onAttention()} result asking the prologue to yield (preemption). */
    static final int PREEMPT_NOW = -1;

    /** Save helpers: {@code saveX(value, stack, slot)}; restore: {@code stack.restoreX(slot)}. */
    static String saveName(char kind) {
        return "save" + kind;
    }

    static String saveDesc(char kind) {
        return "(" + (kind == 'A' ? "Ljava/lang/Object;" : String.valueOf(kind)) + STACK_DESC + "I)V";
    }

    static String restoreName(char kind) {
        return "restore" + kind;
    }

    static String restoreDesc(char kind) {
        return "(I)" + (kind == 'A' ? "Ljava/lang/Object;" : String.valueOf(kind));
    }

    /** Same function as {@code io.jgo.internal.MethodIds.of}: part of the protocol. */
    static int methodId(String internalClassName, String name, String descriptor) {
        return (internalClassName.replace('/', '.') + "." + name + descriptor).hashCode();
    }

    private RuntimeNames() {
    }
}
