package io.jgo;

import io.jgo.internal.proc.AfterCancel;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One {@link Context#afterFunc} registration: the function, and who won the race between the
 * context's end and {@link #stop()}.
 *
 * <h2>One winner</h2>
 * {@link #state} leaves {@link #PENDING} once, by CAS: the context's end (the after-cancel action,
 * {@link #run}, on the cancelling thread) moves it to {@link #STARTED} and starts the goroutine; a
 * {@link #stop()} moves it to {@link #STOPPED} and returns true. The loser does nothing: a late end
 * finds STOPPED and starts nothing; a late stop finds STARTED and returns false. The stop also drops
 * the action from the context ({@link AfterCancel.Handle#stop}), so a long-lived context does not
 * keep stopped registrations; losing that second race is harmless, as the action then finds STOPPED.
 *
 * <p>The action is registered through the context's own after-cancel list ({@code CancelCtx}, the
 * registry the runtime's network waits use too), which runs it inline when the context ends; the
 * user's function runs in a goroutine (Go's semantics), never on the cancelling thread.
 */
final class AfterFuncCall implements Context.AfterFunc, Runnable {

    private static final int PENDING = 0;
    private static final int STARTED = 1;
    private static final int STOPPED = 2;

    private final Runnable f;
    /** PENDING, then STARTED or STOPPED, once; CAS only (volatile). */
    private volatile int state;
    /** The registration with the context; written once by {@link #register} before the handle escapes to a stopper. */
    private volatile AfterCancel.Handle registration = AfterCancel.NONE;

    private AfterFuncCall(Runnable f) {
        this.f = f;
    }

    static Context.AfterFunc register(Context ctx, Runnable f) {
        AfterFuncCall call = new AfterFuncCall(f);
        call.registration = CancelCtx.afterCancel(ctx, call); // runs call at once if ctx has ended
        return call;
    }

    /** The context ended: start the function unless a stop came first. The cancelling thread; short. */
    @Override
    public void run() {
        if (STATE.compareAndSet(this, PENDING, STARTED)) {
            Go.go(f);
        }
    }

    @Override
    public boolean stop() {
        if (!STATE.compareAndSet(this, PENDING, STOPPED)) {
            return false;
        }
        registration.stop(); // drop the action; if the end is running it now, it finds STOPPED
        return true;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(AfterFuncCall.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
