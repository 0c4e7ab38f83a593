package io.jgo.internal.sched;

/**
 * Free lists of dead Gs (Go's {@code p.gFree} and {@code sched.gFree}). A dead G keeps its stack's
 * first segment, so reusing it allocates nothing. Each P keeps a short local list; when it grows
 * past {@link #LOCAL_MAX} the P moves Gs to the shared list until {@link #LOCAL_KEEP} remain, and an
 * empty local list refills up to {@link #LOCAL_KEEP} from the shared one: both in one locked batch.
 */
final class GFree {

    static final int LOCAL_MAX = 64;
    static final int LOCAL_KEEP = 32;

    private G head;
    private int n;

    /** The shared list; guarded by this object's monitor. */
    synchronized int size() {
        return n;
    }

    /** Any thread: takes one dead G from an M that holds no P (its P was retaken while the G ran). */
    synchronized void put(G g) {
        g.schedlink = head;
        head = g;
        n++;
    }

    /**
     * Any thread without a P (a timer's function started by sysmon or by an M between Ps): one dead
     * G from the shared list, or null. Without it such spawns always allocated, while their Gs died
     * on Ps and piled up on the free lists (and in allgs) for good.
     */
    synchronized G take() {
        G g = head;
        if (g != null) {
            head = g.schedlink;
            g.schedlink = null;
            n--;
        }
        return g;
    }

    /** Any thread: takes the spill of a local list. */
    void putAll(Local from, int keep) {
        synchronized (this) {
            while (from.n > keep) {
                G g = from.pop();
                g.schedlink = head;
                head = g;
                n++;
            }
        }
    }

    /** Any thread (the refilling P's owner): moves up to {@code max} Gs into {@code to}. */
    void refill(Local to, int max) {
        if (n == 0) { // racy pre-check (plain read of a monitor-guarded int): a miss only allocates a new G
            return;
        }
        synchronized (this) {
            while (n > 0 && to.n < max) {
                G g = head;
                head = g.schedlink;
                n--;
                to.push(g);
            }
        }
    }

    /** A P's own free list; touched only by the M holding the P. */
    static final class Local {
        private G head;
        private int n;

        int size() {
            return n;
        }

        void push(G g) {
            g.schedlink = head;
            head = g;
            n++;
        }

        G pop() {
            G g = head;
            if (g != null) {
                head = g.schedlink;
                g.schedlink = null;
                n--;
            }
            return g;
        }
    }
}
