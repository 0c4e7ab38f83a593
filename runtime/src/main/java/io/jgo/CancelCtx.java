package io.jgo;

import io.jgo.internal.proc.AfterCancel;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A cancellable context (Go's {@code cancelCtx} and {@code timerCtx} in one): what
 * {@link Context#withCancel}, {@link Context#withTimeout} and {@link Context#withDeadline} return.
 *
 * <h2>The tree</h2>
 * A context registers with its nearest cancellable ancestor (through any value contexts): that
 * ancestor's {@link #children} holds it until one of them is cancelled. Cancelling takes the set
 * and cancels each child (which does not touch the set again); a child cancelled on its own removes
 * itself from the ancestor's set ({@link #removeChild}), so a long-lived parent keeps only live
 * children. A parent that jgo did not write is watched by a goroutine ({@link ParentWatch}).
 * The set also holds after-cancel actions ({@link AfterFunc}, registered through
 * {@code io.jgo.internal.proc.AfterCancel}), which the cancel runs where it would cancel a child.
 *
 * <h2>Threads</h2>
 * Everything mutable is guarded by {@link #lock}, held only for a few field writes (never while
 * closing the channel, cancelling children or stopping the timer, so no two contexts' locks are
 * ever held together). {@link #err} is volatile as well, for the lock-free {@link #err()}; it is
 * written before {@link #done} is closed, so whoever sees the channel closed sees the reason.
 */
final class CancelCtx implements CancelContext {

    /** Handed out by a context cancelled before anyone asked for its channel (Go's {@code closedchan}). */
    private static final Chan<Void> CLOSED = Chan.make(0);

    static {
        CLOSED.close();
    }

    private final Context parent;
    /** This context's own deadline, or null (then {@link #deadline()} is the parent's). */
    private final Instant deadline;
    private final Object lock = new Object();
    /** Made on the first {@link #done()}; guarded by {@link #lock}, volatile for the fast path. */
    private volatile Chan<Void> done;
    /** Null while active; written once, under {@link #lock}. */
    private volatile Exception err;
    /**
     * Registered descendants and after-cancel actions ({@link AfterFunc}); null when there are none
     * yet, and from the cancel on. Guarded by {@link #lock}.
     */
    private Set<Object> children;
    /** The ancestor whose {@link #children} holds this context, or null; written once before this context is returned. */
    private volatile CancelCtx registeredWith;
    /** The deadline's timer, or null; guarded by {@link #lock}. */
    private Timer timer;

    CancelCtx(Context parent, Instant deadline) {
        this.parent = parent;
        this.deadline = deadline;
    }

    /** Go's {@code propagateCancel}: ties this new context to {@code parent}'s cancellation. Creator only, before returning it. */
    void propagateFrom(Context parent) {
        if (parent.done() == null) {
            return; // the parent is never cancelled
        }
        Exception gone = parent.err();
        if (gone == null) {
            CancelCtx p = nearestCancellable(parent);
            if (p == null) {
                Go.go(new ParentWatch(parent, this)); // a parent jgo did not write: watch its channel
                return;
            }
            registeredWith = p;
            gone = p.addChild(this);
            if (gone == null) {
                return;
            }
            registeredWith = null;
        }
        cancel(false, gone); // the parent has already ended
    }

    /** The nearest context on {@code c}'s chain that is one of ours and cancellable, looking through value contexts. */
    private static CancelCtx nearestCancellable(Context c) {
        while (c instanceof ValueContext) {
            c = ((ValueContext) c).parent;
        }
        return c instanceof CancelCtx ? (CancelCtx) c : null;
    }

    /**
     * {@link AfterCancel}'s registry (installed by {@link Contexts}): {@code action} joins the
     * children of {@code ctx}'s nearest cancellable context (or runs at once if that one has
     * ended). A context that never ends gets {@link AfterCancel#NONE}; one jgo did not write gets a
     * jgo child that follows it ({@link ParentWatch}), which the handle cancels when stopped.
     */
    static AfterCancel.Handle afterCancel(Object o, Runnable action) {
        Context ctx = (Context) o;
        CancelCtx c = nearestCancellable(ctx);
        if (c == null) {
            if (ctx.done() == null) {
                return AfterCancel.NONE; // never ends (Go: a context whose Done is nil)
            }
            CancelCtx child = (CancelCtx) Contexts.withCancel(ctx);
            AfterCancel.Handle inner = afterCancel(child, action);
            return () -> {
                boolean dropped = inner.stop();
                child.cancel();
                return dropped;
            };
        }
        AfterFunc f = new AfterFunc(c, action);
        if (c.addChild(f) != null) {
            action.run(); // ended already: the caller re-reads err() anyway
            return AfterCancel.NONE;
        }
        return f;
    }

    /** An after-cancel action among a context's children: run by the cancel, or dropped by {@link #stop}. */
    private static final class AfterFunc implements AfterCancel.Handle {
        private final CancelCtx owner;
        private final Runnable action;

        AfterFunc(CancelCtx owner, Runnable action) {
            this.owner = owner;
            this.action = action;
        }

        @Override
        public boolean stop() {
            return owner.removeChild(this);
        }
    }

    /** Registers {@code child}; returns null, or why this context has ended (the child was not registered). */
    private Exception addChild(Object child) {
        synchronized (lock) {
            if (err != null) {
                return err;
            }
            if (children == null) {
                children = new HashSet<>();
            }
            children.add(child);
            return null;
        }
    }

    /** Drops {@code child}; false if it was not there (the cancel took it, or it was never added). */
    private boolean removeChild(Object child) {
        synchronized (lock) {
            return children != null && children.remove(child);
        }
    }

    /** Children registered now (tests: a cancelled child must not stay). */
    int childCount() {
        synchronized (lock) {
            return children == null ? 0 : children.size();
        }
    }

    /** Arms the deadline's timer, {@code left} from now, unless the context has ended already. Creator only. */
    void startTimer(Duration left) {
        synchronized (lock) {
            if (err == null) {
                timer = Go.afterFunc(left, () -> cancel(true, Context.DEADLINE_EXCEEDED));
            }
        }
    }

    @Override
    public void cancel() {
        cancel(true, Context.CANCELED);
    }

    @Override
    public void close() {
        cancel();
    }

    /**
     * Ends this context with {@code why} (if it has not ended), then its children; leaves the
     * registered ancestor when {@code detach} (an ancestor cancelling its children has dropped its
     * set already). Any thread.
     */
    void cancel(boolean detach, Exception why) {
        Chan<Void> toClose;
        Set<Object> kids;
        Timer t;
        synchronized (lock) {
            if (err != null) {
                return;
            }
            err = why; // before the channel closes: see the class comment
            toClose = done;
            if (toClose == null) {
                done = CLOSED;
            }
            kids = children;
            children = null;
            t = timer;
            timer = null;
        }
        if (toClose != null) {
            toClose.close();
        }
        if (kids != null) {
            for (Object k : kids) {
                if (k instanceof CancelCtx) {
                    ((CancelCtx) k).cancel(false, why);
                } else {
                    ((AfterFunc) k).action.run();
                }
            }
        }
        CancelCtx p = registeredWith;
        if (detach && p != null) {
            p.removeChild(this);
        }
        if (t != null) {
            t.stop();
        }
    }

    @Override
    public Chan<Void> done() {
        Chan<Void> d = done;
        if (d != null) {
            return d;
        }
        synchronized (lock) {
            if (done == null) {
                done = Chan.make(0); // err is null here: a cancel would have set CLOSED
            }
            return done;
        }
    }

    @Override
    public Exception err() {
        return err;
    }

    @Override
    public Optional<Instant> deadline() {
        return deadline != null ? Optional.of(deadline) : parent.deadline();
    }

    @Override
    public Object value(Object key) {
        return parent.value(key);
    }

    @Override
    public String toString() {
        return parent + (deadline != null ? ".WithDeadline(" + deadline + ")" : ".WithCancel");
    }
}
