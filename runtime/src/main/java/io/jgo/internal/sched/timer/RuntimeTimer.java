package io.jgo.internal.sched.timer;

/**
 * A runtime timer (Go's {@code runtime.timer}): the one internal timer facility. {@code Go.sleep},
 * {@code Go.afterFunc}, timer channels ({@code Go.after}, {@code Timer}, {@code Ticker}), the
 * network's deadlines ({@code PollDesc}) and future waits with a timeout all use it: create one
 * with what it should do ({@link TimerFunc}; {@code Sched.newTimer} from outside this package), arm it
 * with {@link #reset}, disarm it with {@link #stop}. It lives on one P's heap while armed
 * ({@link TimerHeap}); it is found and fired by that P's M in {@code findRunnable}, by a stealing
 * M, by an idle M parked until the earliest timer, or by sysmon when nobody did in time.
 *
 * <p>Semantics are Go 1.23's: {@link #reset} and {@link #stop} report whether the timer was armed
 * (had not fired nor been stopped); a timer that fired and is reset fires again. A stopped timer is
 * on no heap, so it is garbage as soon as its owner drops it.
 *
 * <p>Threads: any. {@link #heap} and {@link #when} are guarded by the lock of the heap the timer is
 * on; while it is on none, by this timer's monitor (taken before a heap's lock, never after).
 */
public final class RuntimeTimer {

    private final TimerHost host;
    final TimerFunc f;
    /** The heap holding the timer, or null; written under that heap's lock, volatile for the first, unlocked read. */
    volatile TimerHeap heap;
    /** When it fires (System.nanoTime); meaningful while on a heap. Guarded as the class comment says. */
    long when;
    /** Index in {@link #heap}'s array; guarded by the heap's lock. */
    int index = -1;
    /** What the function works on (the sleeping G for a sleep timer); set before arming. */
    private Object owner;
    /** When a sleep timer last fired (System.nanoTime), written before its sleeper is readied ({@code G.sleepFiredAt}). */
    private long firedAt;

    /** A timer of the runtime {@code host} that runs {@code f} when it fires; unarmed. */
    public RuntimeTimer(TimerHost host, TimerFunc f) {
        this.host = host;
        this.f = f;
    }

    /** The runtime the timer belongs to. */
    public TimerHost host() {
        return host;
    }

    /** What the function works on; set before arming, read by the function (publication: the heap's lock). */
    public Object owner() {
        return owner;
    }

    /** Sets what the function works on; before arming. */
    public void owner(Object owner) {
        this.owner = owner;
    }

    /** When the function last recorded a fire (System.nanoTime), see {@link #firedAt(long)}. */
    public long firedAt() {
        return firedAt;
    }

    /** The function records when it fired, before what it readies can read it (the ready publishes it). */
    public void firedAt(long nanos) {
        this.firedAt = nanos;
    }

    /** When the timer fires (System.nanoTime); meaningful while armed or while its function runs. */
    public long when() {
        return when;
    }

    /** Arms the timer to fire {@code delayNanos} from now (again, if it fired). True if it was armed. Any thread. */
    public boolean reset(long delayNanos) {
        return resetAt(deadline(host.timeNow(), delayNanos), null);
    }

    /** Arms the timer to fire at {@code when} (System.nanoTime); true if it was armed. Any thread. */
    public boolean resetAt(long when) {
        return resetAt(when, null);
    }

    /** The deadline {@code delayNanos} from now (System.nanoTime), saturated below Long.MAX_VALUE. */
    public static long deadline(long delayNanos) {
        return deadline(System.nanoTime(), delayNanos);
    }

    /** The deadline {@code delayNanos} after {@code now} (a runtime's {@code Sched.timeNow}), saturated below Long.MAX_VALUE. */
    public static long deadline(long now, long delayNanos) {
        long when = now + Math.max(0, delayNanos);
        return when < now ? Long.MAX_VALUE - 1 : when;
    }

    /**
     * Arms the timer for {@code when}; an unarmed timer goes to {@code preferred} (the heap of a P
     * the caller holds) or to a heap the runtime picks ({@link TimerHost#heapFor}). True if it was armed. Any thread.
     */
    public boolean resetAt(long when, TimerHeap preferred) {
        for (;;) {
            TimerHeap h = heap;
            if (h != null) {
                if (h.modify(this, when)) {
                    host.added(when);
                    return true;
                }
                continue; // it left that heap meanwhile (fired, stopped, moved): look again
            }
            synchronized (this) {
                if (heap != null) {
                    continue;
                }
                TimerHeap target = host.heapFor(preferred);
                if (!target.add(this, when)) {
                    target = host.fallbackHeap(); // that P retired meanwhile; P0 never does
                    if (!target.add(this, when)) {
                        continue;
                    }
                }
            }
            host.added(when);
            return false;
        }
    }

    /** Disarms the timer; true if it was armed (it will not fire now). Any thread. */
    public boolean stop() {
        for (;;) {
            TimerHeap h = heap;
            if (h == null) {
                return false;
            }
            if (h.remove(this)) {
                return true;
            }
        }
    }
}
