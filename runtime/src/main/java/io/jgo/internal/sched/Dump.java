package io.jgo.internal.sched;

/**
 * Go's goroutine dump: every live G with id, status or wait reason, and stack. A running G, a G in
 * a syscall and a pinned G have their frames on a thread, so their stack is that thread's, cut at
 * the goroutine's entry and above the scheduler's own frames. An unwound G's frames exist only as
 * saved records, named by {@code Stack.savedFrames} (innermost first, with the line of each call site).
 */
final class Dump {

    private Dump() {
    }

    static String all(Sched sched) {
        StringBuilder b = new StringBuilder();
        for (G g : sched.allgs.snapshot()) {
            int s = g.status();
            if (s == G.DEAD || s == G.IDLE) {
                continue;
            }
            b.append("goroutine ").append(g.id).append(" [").append(state(g, s)).append("]:\n");
            Thread t = threadOf(g, s);
            if (t != null) {
                frames(b, t == Thread.currentThread() ? new Throwable().getStackTrace() : t.getStackTrace());
            } else if (s == G.WAITING || s == G.RUNNABLE) {
                java.util.List<String> saved = g.stack.savedFrames();
                if (saved.isEmpty()) {
                    b.append("\t(not started or no saved frames)\n");
                }
                for (int i = saved.size() - 1; i >= 0; i--) { // innermost first, as a stack trace reads
                    b.append('\t').append(saved.get(i)).append('\n');
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String state(G g, int s) {
        if (s == G.WAITING) {
            String r = g.waitReason;
            return (r == null ? "waiting" : r) + (g.pinnedWait ? ", pinned" : "");
        }
        String name = s == G.SYSCALL && g.retaken ? "running" : G.statusName(s); // sysmon took its P; it runs on
        return name + (g.main ? ", main" : "");
    }

    private static Thread threadOf(G g, int s) {
        if (s == G.RUNNING || s == G.SYSCALL) {
            M m = g.m;
            return m == null ? null : m.thread;
        }
        if (s == G.WAITING && g.pinnedWait) {
            M m = g.lockedM;
            return m == null ? null : m.thread;
        }
        return null;
    }

    /** Frames of the goroutine: below the scheduler's frames on top, above {@code Entry.call}. */
    private static void frames(StringBuilder b, StackTraceElement[] st) {
        int top = 0;
        while (top < st.length && isMachinery(st[top])) {
            top++;
        }
        for (int i = top; i < st.length; i++) {
            if (st[i].getClassName().equals("io.jgo.internal.Entry")) {
                break;
            }
            b.append("\tat ").append(st[i]).append('\n');
        }
    }

    private static boolean isMachinery(StackTraceElement e) {
        String c = e.getClassName();
        return c.startsWith("io.jgo.internal.") || c.startsWith("java.lang.Thread") || c.startsWith("java.lang.Throwable")
                || c.startsWith("jdk.internal.misc.") || c.startsWith("java.util.concurrent.locks.LockSupport");
    }
}
