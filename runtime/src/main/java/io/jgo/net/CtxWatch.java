package io.jgo.net;

import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Select;
import io.jgo.internal.sched.PollDesc;

/**
 * Go's dial-time context watch ({@code net.(*netFD).connect}'s goroutine that sets a deadline in
 * the past when the context is done): a daemon thread selects on the context's {@code done()} and
 * a private stop channel, so a cancellation wakes the parked dial, which then sees the context's
 * error. The thread lives only while the dial connects. (A thread, not a goroutine: the runtime's
 * own code is not rewritten, so a goroutine running it could not park.)
 */
final class CtxWatch {

    private final Chan<Void> stop = Chan.make(0);

    private CtxWatch() {
    }

    /** Starts watching {@code ctx} for the dial registered as {@code pd}; null when {@code ctx} can never be cancelled. */
    static CtxWatch start(Context ctx, PollDesc pd) {
        Chan<Void> done = ctx.done();
        if (done == null) {
            return null;
        }
        CtxWatch w = new CtxWatch();
        Thread t = new Thread(() -> Select.select(
                Select.recvOk(done, r -> pd.setDeadline(PollDesc.WRITE, true, System.nanoTime() - 1)),
                Select.recvOk(w.stop, r -> { })), "jgo-dial-context");
        t.setDaemon(true);
        t.start();
        return w;
    }

    /** The dial is over: the thread ends. Any thread. */
    void stop() {
        stop.close();
    }
}
