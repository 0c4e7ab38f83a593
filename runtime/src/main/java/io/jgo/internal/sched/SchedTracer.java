package io.jgo.internal.sched;

/**
 * {@code -Djgo.schedtrace=MS}: prints Go's SCHED line to stderr every MS milliseconds, and with
 * {@code -Djgo.scheddetail} one line per P, M and G. A daemon thread per runtime; it only reads.
 */
final class SchedTracer extends Thread {

    private final Sched sched;

    SchedTracer(Sched sched) {
        super(sched.config.name + "-schedtrace");
        this.sched = sched;
        setDaemon(true);
    }

    @Override
    public void run() {
        long period = sched.config.schedTraceMillis;
        while (!sched.stopping) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            System.err.print(line(sched, sched.config.schedDetail));
        }
    }

    /**
     * The SCHED line (and detail lines); any thread, racy snapshot. Go 1.23's {@code schedtrace}
     * field for field, so scripts written for Go parse it:
     * <pre>
     * SCHED 1004ms: gomaxprocs=2 idleprocs=2 threads=5 spinningthreads=0 needspinning=0 idlethreads=3 runqueue=0 [0 0]
     * </pre>
     * As in Go, the detailed form ends the line after {@code runqueue=} (no per-P list) and prints
     * one line per P, M and G instead.
     */
    static String line(Sched sched, boolean detail) {
        SchedStats st = SchedStats.of(sched);
        P[] allp = sched.allp;
        StringBuilder b = new StringBuilder();
        b.append("SCHED ").append(st.uptimeMillis).append("ms: gomaxprocs=").append(st.gomaxprocs)
                .append(" idleprocs=").append(st.idleProcs).append(" threads=").append(st.threads)
                .append(" spinningthreads=").append(st.spinningThreads).append(" needspinning=").append(st.needSpinning)
                .append(" idlethreads=").append(st.idleThreads).append(" runqueue=").append(st.globalQueue);
        if (!detail) {
            return b.append(' ').append(st.localQueuesText()).append('\n').toString();
        }
        b.append('\n');
        for (P pp : allp) {
            M m = pp.m;
            int status = pp.status();
            if (status == P.RUNNING && m == null) {
                // In transit to an M (taken from the idle list, retaken, handed off): jgo marks it RUNNING
                // when it is taken, Go only when the new M acquires it (wirep), so Go shows it idle.
                status = P.IDLE;
            }
            b.append("  P").append(pp.id).append(": status=").append(status).append(" schedtick=").append(pp.schedtick)
                    .append(" syscalltick=").append(pp.syscalltick)
                    .append(" m=").append(m == null ? -1 : m.id).append(" runqsize=").append(pp.runq.size())
                    .append(" gfreecnt=").append(pp.gFree.size()).append('\n');
        }
        for (M m : sched.allm) {
            P pp = m.p;
            G g = m.curg;
            b.append("  M").append(m.id).append(": p=").append(pp == null ? -1 : pp.id).append(" curg=")
                    .append(g == null ? -1 : g.id).append(" spinning=").append(m.spinning).append('\n');
        }
        for (G g : sched.allgs.snapshot()) {
            int s = g.status();
            if (s == G.DEAD || s == G.IDLE) {
                continue;
            }
            M m = g.m;
            M l = g.lockedM;
            b.append("  G").append(g.id).append(": status=").append(s).append('(')
                    .append(s == G.WAITING && g.waitReason != null ? g.waitReason : "").append(") m=")
                    .append(s == G.RUNNING && m != null ? m.id : -1).append(" lockedm=").append(l == null ? -1 : l.id).append('\n');
        }
        return b.toString();
    }
}
