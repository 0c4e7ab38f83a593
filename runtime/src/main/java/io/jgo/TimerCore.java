package io.jgo;

import io.jgo.internal.chan.ChanTimer;
import io.jgo.internal.proc.HeapTimer;
import java.time.Instant;

/**
 * The state and the rules of one {@link Timer} or {@link Ticker}: Go 1.23's timers of package
 * {@code time} ({@code runtime/time.go}, {@code time/sleep.go}). A channel timer delivers the time on
 * its channel when it fires (a ticker every period); an {@link Go#afterFunc} timer starts its
 * function as a goroutine instead.
 *
 * <h2>The rules (Go 1.23)</h2>
 * <ul>
 *   <li>The channel looks unbuffered: a fired value not yet received is taken back by
 *       {@link #stop} and {@link #reset}, so neither is ever followed by a stale value.</li>
 *   <li>{@link #stop} and {@link #reset} return true when the timer was running: armed and not
 *       fired, or fired with its value still unreceived (taken back). For a timer nobody else
 *       receives from, stop on a running timer is therefore always true, and {@code if (!t.stop())
 *       t.c().recv()} never hangs. For an afterFunc timer, false means the function was started.</li>
 *   <li>A channel timer is on a timer heap only while a receiver waits on its channel (Go's
 *       {@code needsAdd}: {@code !isChan || blocked > 0}); otherwise a receive that looks at the
 *       channel runs it if it is due ({@link #maybeRun}, Go's {@code maybeRunChan}). An afterFunc
 *       timer is on a heap while it is running.</li>
 * </ul>
 *
 * <h2>Why nothing holds an idle timer (and not weak references)</h2>
 * A timer that nobody waits on is on no heap, so nothing but its user refers to it: dropped, it is
 * garbage at once, stopped or not, and a million {@code select}s with a {@code Go.after(1 h)} case
 * leave nothing behind. The other way, a heap entry holding the timer through a weak reference,
 * still keeps the entry (the runtime timer, the reference, its heap slot: about 100 bytes) until
 * someone purges the cleared ones, which takes a thread or a hook polling a reference queue, and it
 * must keep the timer strongly anyway while a receiver waits. Go's lazy rule costs nothing for the
 * common case (a timeout that is never reached), needs no purge, and makes every corner case (a due
 * timer seen by a poll, a stop of a due timer nobody ran) Go's.
 *
 * <h2>Locks and the firing race</h2>
 * A firing ({@link #run}: from a heap through {@link #fire}, or from a receive through
 * {@link #maybeRun}) decides under {@link #sendLock} and this object's monitor whether the timer is
 * due, and then sends (or starts the function) still holding {@link #sendLock}. {@link #stop} and
 * {@link #reset} hold {@link #sendLock} across their change and the drain of the channel. So a firing
 * is entirely before a stop (its value is in the buffer and drained: active; or handed to a waiting
 * receiver: received, not active) or entirely after it (it finds the timer stopped and does
 * nothing). Go needs a sequence number and an {@code isSending} count for the window between its
 * heap code releasing the timer's lock and the send taking {@code sendLock}; here the timer's
 * function runs with no lock held and takes {@link #sendLock} first, so there is no such window.
 * A receive does not take {@link #sendLock}, so for it a firing has one window, between taking
 * the value (the timer stops reading as due) and putting it in the channel: {@link #sending} marks
 * it, and a non-blocking receive that found nothing then waits for the send and looks again
 * ({@link #dueLocked}).
 *
 * <p>Lock order: {@link #sendLock}, then the channel's lock (the send; {@link #block} and
 * {@link #unblock} are called under it), then this object's monitor, then the runtime timer's and its
 * heap's locks, then {@code sched.lock} (waking a timer runner).
 */
final class TimerCore extends HeapTimer implements ChanTimer {

    /** {@link #when} of a timer that is not running. */
    private static final long NEVER = Long.MAX_VALUE;

    /** Where the time goes; null for an afterFunc timer. */
    private final Chan<Instant> c;
    /** The last value {@link #dueInstant} sent; guarded by sendLock. */
    private Instant lastSent;
    /** What an afterFunc timer starts as a goroutine; null for a channel timer. */
    private final Runnable func;
    /** Held by a firing from its decision through its send, and by stop and reset: see the class comment. */
    private final Object sendLock = new Object();

    /**
     * The deadline (System.nanoTime) while running, else {@link #NEVER}. Written under this object's
     * monitor; volatile for {@link #maybeRun}'s unlocked look (a stale value only delays the look to
     * the locked check, or skips a firing that a concurrent stop or reset decides anyway).
     */
    private volatile long when;
    /** Ticker period in nanos, 0 for a one-shot timer. Guarded by this object's monitor. */
    private long period;
    /** Receivers waiting on the channel now (Go's {@code blocked}). Guarded by this object's monitor. */
    private int blocked;
    /**
     * A firing of the channel timer has taken its value (the timer no longer reads as due) and not
     * yet put it in the channel. Written only by the firing, which holds {@link #sendLock}: set
     * under this object's monitor with its decision, cleared after the send. Read by
     * {@link #dueLocked} (under the monitor) and by {@link #maybeRun} (volatile), so a receive never
     * reports "nothing" in the middle of a firing (Go's {@code isSending}, seen from the receiver).
     */
    private volatile boolean sending;

    /** A channel timer firing {@code delayNanos} from now, then every {@code periodNanos} if that is positive. */
    TimerCore(long delayNanos, long periodNanos) {
        this.c = Chan.makeTimer(this);
        this.func = null;
        this.period = periodNanos;
        this.when = deadline(delayNanos); // on no heap until a receiver waits
    }

    /** An afterFunc timer: starts {@code f} as a goroutine {@code delayNanos} from now. */
    TimerCore(long delayNanos, Runnable f) {
        this.c = null;
        this.func = f;
        synchronized (this) {
            when = deadline(delayNanos);
            syncHeap();
        }
    }

    Chan<Instant> channel() {
        return c;
    }

    /** Go's {@code Timer.Stop}: true if the timer was running (see the class comment). Any thread. */
    boolean stop() {
        synchronized (sendLock) {
            boolean active;
            synchronized (this) {
                active = when != NEVER;
                when = NEVER;
                syncHeap();
            }
            return drain() || active;
        }
    }

    /**
     * Go's {@code Timer.Reset} (and {@code Ticker.Reset} with {@code periodNanos > 0}): stops the
     * timer and runs it again {@code delayNanos} from now; true if it was running. Any thread.
     */
    boolean reset(long delayNanos, long periodNanos) {
        synchronized (sendLock) {
            boolean active;
            synchronized (this) {
                active = when != NEVER;
                when = deadline(delayNanos);
                period = periodNanos;
                syncHeap();
            }
            return drain() || active; // no firing of the new arming can have sent: we hold sendLock
        }
    }

    /** Takes back a fired, unreceived value. sendLock held. */
    private boolean drain() {
        return c != null && c.core.drain();
    }

    // ---------------------------------------------------------------- firing

    /** {@link HeapTimer}: a heap fired the runtime timer (an M's g0 or sysmon). */
    @Override
    protected void fired() {
        run(now());
    }

    /** {@link ChanTimer}: a receive is about to look at the channel; no channel lock held. */
    @Override
    public void maybeRun() {
        if (sending) { // volatile read: a firing is between its decision and its send
            synchronized (sendLock) {
                return; // it held sendLock throughout: its value is in the channel now
            }
        }
        long w = when; // volatile read: see the field
        if (w != NEVER) {
            long now = now();
            if (w <= now) {
                run(now);
            }
        }
    }

    /**
     * Fires if the timer is due at {@code now}: delivers the time it was due (or starts the
     * function); a ticker moves to its next deadline after {@code now}, skipping missed ticks, and a
     * tick that finds the last one unreceived is dropped. Any thread, no lock held.
     */
    private void run(long now) {
        synchronized (sendLock) {
            long due;
            synchronized (this) {
                due = when;
                if (due == NEVER || due > now) {
                    return; // stopped, reset to later, or already fired by a racing heap or receive
                }
                if (period > 0) {
                    long next = due + period * (1 + (now - due) / period);
                    when = next < due ? NEVER - 1 : next; // saturate
                } else {
                    when = NEVER;
                }
                syncHeap();
                sending = c != null;
            }
            if (func != null) {
                go(func);
            } else {
                try {
                    c.core.timerSend(dueInstant(due));
                } finally {
                    sending = false;
                }
                skipTicksDueDuringSend(due);
            }
        }
    }

    /**
     * A channel timer's send is over; for a ticker, its next deadline moves past the ticks that fell due while it was
     * being handed over (and while this firing waited for its locks with {@code now} read before),
     * as those of a slow receiver are missed. Without it a receive that took longer than a period
     * (a cold first run, a thread descheduled on a loaded machine) left the next tick already due,
     * and a second receive right after it got a tick as stale as the first: Go 1.23 gives at most
     * one. The deadline stays on the period's grid from the first one ({@code due + k * period}),
     * as Go's. sendLock held; nobody else moves {@link #when} while it is.
     */
    private void skipTicksDueDuringSend(long due) {
        synchronized (this) {
            long now = now(); // the runtime's clock (a bubble's virtual one)
            if (period > 0 && when != NEVER && when <= now) {
                long next = due + period * (1 + (now - due) / period);
                when = next < due ? NEVER - 1 : next; // saturate
                syncHeap();
            }
        }
    }

    /**
     * The wall-clock time {@code due} (a nanoTime) stood for, as Go's sendTime: read against a fresh
     * nanoTime, not the caller's {@code now}, which may be a whole heap's run (or a descheduling) old
     * and would shift the value by that much; and never before the last value this timer sent, so a
     * ticker's values never go backwards (Go's times carry a monotonic reading; an Instant does not,
     * and the wall clock may be stepped). Under sendLock.
     */
    private Instant dueInstant(long due) {
        Instant at = instantOf(due);
        Instant last = lastSent;
        if (last != null && at.isBefore(last)) {
            at = last;
        }
        lastSent = at;
        return at;
    }

    // ---------------------------------------------------------------- receivers (ChanTimer)

    /**
     * {@link ChanTimer}: due and not yet run, or run and its value not yet in the channel? Under the
     * channel's lock, taking this monitor (the lock order allows it), so {@link #when} and
     * {@link #sending} are read as one firing's decision left them.
     */
    @Override
    public synchronized boolean dueLocked() {
        long w = when;
        return sending || (w != NEVER && w <= now());
    }

    /** A receiver waits on the channel (channel lock held): the timer must be on a heap to fire for it. */
    @Override
    public synchronized void block() {
        if (++blocked == 1) {
            syncHeap();
        }
    }

    /** A receiver stopped waiting: with none left, the channel timer leaves its heap. */
    @Override
    public synchronized void unblock() {
        if (--blocked == 0) {
            syncHeap();
        }
    }

    // ---------------------------------------------------------------- heap membership

    /** Go's {@code needsAdd}: running, and an afterFunc timer or one whose channel a receiver waits on. Monitor held. */
    private boolean needsHeap() {
        return when != NEVER && (c == null || blocked > 0);
    }

    /**
     * Puts the runtime timer on a heap for {@link #when}, or takes it off, as {@link #needsHeap}
     * says. A runtime timer already off its heap because it is firing right now is harmless: that
     * firing finds the state changed, or fires what is due (see {@link #run}). Monitor held.
     */
    private void syncHeap() {
        if (needsHeap()) {
            heapAt(when);
        } else {
            offHeap();
        }
    }
}
