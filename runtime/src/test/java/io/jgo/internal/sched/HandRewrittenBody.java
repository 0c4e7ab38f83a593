package io.jgo.internal.sched;

import io.jgo.internal.cont.StackAccess;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;

/**
 * A goroutine body written by hand the way the instrumenter rewrites one (see {@link Stack}'s
 * protocol), so the scheduler's unwind path (park and Gosched with the goroutine off its carrier)
 * is tested in this package, which the agent does not rewrite, independently of the instrumenter
 * (while ordinary code here, such as the tests' main goroutines, pins). It calls {@code Go.gosched()}
 * {@code yields} times (call site 1), then {@code gate.await()} (call site 2), then
 * {@code done.done()}. Its state lives in fields, so its records hold no slots.
 */
final class HandRewrittenBody implements Runnable {

    /**
     * Says this class is rewritten code (by hand): a frame may unwind into its call sites only if its
     * class declares a save helper of the rewrite, as every rewritten class does.
     */
    @SuppressWarnings("unused")
    private static void $jgo$save$0() {
    }


    private static final int ME = MethodIds.of("io.jgo.internal.sched.HandRewrittenBody", "run", "()V");
    private static final long SITE_GOSCHED = (long) ME << 32 | 1;
    private static final long SITE_AWAIT = (long) ME << 32 | 2 | Stack.VIRTUAL_SITE; // a virtual call: the receiver goes in s.callee

    private int yields;
    private final WaitGroup gate;
    private final WaitGroup done;
    private int phase; // 0: yielding, 1: awaiting, 2: finished

    HandRewrittenBody(int yields, WaitGroup gate, WaitGroup done) {
        this.yields = yields;
        this.gate = gate;
        this.done = done;
    }

    @Override
    public void run() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee;
        int label = 0;
        if (s.attention != 0) {
            label = s.onAttention(ME); // pops our record on resume: 1 or 2
            if (label < 0) {
                label = 0; // a preemption request: this body ignores it
            }
        }
        if (phase == 0) {
            boolean reenter = label == 1;
            while (reenter || yields > 0) {
                if (!reenter) {
                    yields--;
                }
                reenter = false;
                s.callSite = SITE_GOSCHED;
                Go.gosched();
                s.callSite = 0;
                if (StackAccess.suspending(s)) {
                    StackAccess.pushFrame(s, ME, 1, 0, 0);
                    if (s.mayUnwind(via, ME, recv)) {
                        return;
                    }
                    StackAccess.pinAfterSave(s);
                    reenter = true;
                }
            }
            phase = 1;
            label = 0;
        }
        if (phase == 1) {
            s.callSite = SITE_AWAIT;
            s.callee = gate;
            gate.await();
            s.callSite = 0;
            while (StackAccess.suspending(s)) {
                StackAccess.pushFrame(s, ME, 2, 0, 0);
                if (s.mayUnwind(via, ME, recv)) {
                    return;
                }
                StackAccess.pinAfterSave(s);
                s.callSite = SITE_AWAIT;
                s.callee = gate;
                gate.await();
                s.callSite = 0;
            }
            phase = 2;
        }
        done.done();
    }
}
