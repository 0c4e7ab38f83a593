package io.jgo;

import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;

/**
 * The goroutine that ties a cancellable context to a parent jgo did not write (Go's
 * {@code propagateCancel} goroutine): waits until the parent's channel or the child's is closed,
 * and cancels the child in the first case.
 *
 * <p>A hand-written resumable frame, like {@code ErrGroup}'s runner (the runtime is not rewritten):
 * while {@code Select.select} is parked it pushes its own empty record; its state lives in the
 * receiver, which the goroutine's entry hands back on every resume.
 */
final class ParentWatch implements Runnable {

    private static final int RUN_ID = MethodIds.of("io.jgo.ParentWatch", "run", "()V");
    /** Record label of run while the select it calls is parked. */
    private static final int LABEL_CALL = 2;
    /** A static call site: no receiver in the handshake. */
    private static final long SELECT_SITE = (long) RUN_ID << 32 | LABEL_CALL;

    private final Context parent;
    private final CancelCtx child;
    private final Select.Case[] cases;

    ParentWatch(Context parent, CancelCtx child) {
        this.parent = parent;
        this.child = child;
        this.cases = new Select.Case[] {Select.recv(parent.done(), null), Select.recv(child.done(), null)};
    }

    @Override
    @Goroutine
    public void run() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // this watch, as the goroutine entry left it
        if (s.isResuming()) {
            s.onAttention(RUN_ID); // pops run's own (empty) record
        }
        for (;;) {
            s.callSite = SELECT_SITE;
            int fired = Select.select(cases);
            s.callSite = 0;
            if (!StackAccess.suspending(s)) {
                if (fired == 0) {
                    child.cancel(false, parent.err());
                }
                return;
            }
            StackAccess.pushFrame(s, RUN_ID, LABEL_CALL, 0, 0);
            if (s.mayUnwind(via, RUN_ID, recv)) {
                return;
            }
            StackAccess.pinAfterSave(s);
        }
    }
}
