package io.jgo.internal.sched;

import io.jgo.internal.sched.park.WaitReason;
import java.util.List;

/**
 * Go's goroutine dump ({@code runtime.Stack(buf, true)}, what {@code SIGQUIT} prints): every live G,
 * a header in Go's {@code goroutineheader} format and then its frames as Go prints them, a function
 * line and a tab-indented {@code file:line} line each:
 * <pre>
 * goroutine 7 [chan receive, 2 minutes]:
 * com.example.Worker.loop(...)
 * 	Worker.java:42
 * </pre>
 * The header carries the status or the wait reason; for a G waiting or in a syscall, how long it
 * has, in whole minutes, once that is at least one (as Go); and {@code locked to thread} for a G
 * bound to one M (the main goroutine of {@code Go.run}, a pinned G waiting on its carrier).
 * After the frames, Go's {@code created by} line ({@link CreatedBy}).
 *
 * <p>A running G, a G in a syscall and a pinned G have their frames on a thread, so their stack is
 * that thread's, cut at the goroutine's entry and above the scheduler's own frames. An unwound G's
 * frames exist only as saved records, named by {@code Stack.savedFrames} (innermost first, with the
 * line of each call site). Any thread; a racy snapshot.
 */
final class Dump {

    private static final long MINUTE_NANOS = 60_000_000_000L;

    private Dump() {
    }

    static String all(Sched sched) {
        return all(sched, null);
    }

    /** {@link #all} but for {@code except} (null: none left out). */
    static String all(Sched sched, G except) {
        StringBuilder b = new StringBuilder();
        long now = System.nanoTime();
        for (G g : sched.allgs.snapshot()) {
            int s = g.status();
            if (s == G.DEAD || s == G.IDLE || g == except) {
                continue;
            }
            header(b, g, s, now);
            Thread t = threadOf(g, s);
            if (t != null) {
                if (frames(b, t == Thread.currentThread() ? new Throwable().getStackTrace() : t.getStackTrace())) {
                    for (String saved : g.stack.framesBelowFloor()) { // outer frames g0 re-enters one at a time
                        savedFrame(b, saved);
                    }
                }
            } else if (s == G.WAITING || s == G.RUNNABLE) {
                List<String> saved = g.stack.savedFrames();
                for (int i = saved.size() - 1; i >= 0; i--) { // innermost first, as a stack trace reads
                    savedFrame(b, saved.get(i));
                }
            }
            CreatedBy.append(b, g);
            b.append('\n');
        }
        return b.toString();
    }

    /** Go's {@code goroutineheader}: {@code goroutine ID [STATUS, N minutes, locked to thread]:}. */
    static void header(StringBuilder b, G g, int s, long now) {
        b.append("goroutine ").append(g.id).append(" [").append(state(g, s));
        long since = g.waitSince; // written before the status change we read (volatile) published it
        boolean retakenRunning = s == G.SYSCALL && g.retaken;
        if ((s == G.WAITING || s == G.SYSCALL && !retakenRunning) && since != 0) {
            long minutes = (now - since) / MINUTE_NANOS;
            if (minutes >= 1) {
                b.append(", ").append(minutes).append(" minutes"); // Go says "1 minutes" too
            }
        }
        if (g.lockedM != null) {
            b.append(", locked to thread");
        }
        b.append("]:\n");
    }

    private static String state(G g, int s) {
        if (s == G.WAITING) {
            WaitReason r = g.waitReason;
            return r == null ? "waiting" : r.toString();
        }
        return s == G.SYSCALL && g.retaken ? "running" : G.statusName(s); // sysmon took its P; it runs on
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

    /**
     * Frames of the goroutine: below the scheduler's frames on top, above {@code Entry}, or above the
     * resume entry of a frame g0 re-entered alone (returns true then: the outer frames are saved records).
     */
    private static boolean frames(StringBuilder b, StackTraceElement[] st) {
        int top = 0;
        while (top < st.length && isMachinery(st[top])) {
            top++;
        }
        for (int i = top; i < st.length; i++) {
            StackTraceElement e = st[i];
            if (e.getClassName().equals("io.jgo.internal.cont.Entry")) {
                return false;
            }
            if (e.getMethodName().equals(io.jgo.internal.Resumers.ENTRY)) {
                return true;
            }
            String file = e.isNativeMethod() ? "native" : e.getFileName() == null ? "?" : e.getFileName();
            frame(b, e.getClassName() + "." + e.getMethodName(), file + ":" + Math.max(0, e.getLineNumber()));
        }
        return false;
    }

    /** A saved record's name, {@code Class.method(File.java:line)}, in Go's two-line form. */
    private static void savedFrame(StringBuilder b, String described) {
        if (described.equals("...")) { // the goroutine ran while its records were read
            b.append("...additional frames elided...\n");
            return;
        }
        int open = described.lastIndexOf('(');
        if (open < 0 || !described.endsWith(")")) {
            frame(b, described, "?:0");
            return;
        }
        String where = described.substring(open + 1, described.length() - 1);
        frame(b, described.substring(0, open), where.indexOf(':') < 0 ? "?:0" : where);
    }

    private static void frame(StringBuilder b, String function, String fileLine) {
        b.append(function).append("(...)\n\t").append(fileLine).append('\n');
    }

    /** Frames above the goroutine's own: the runtime's, the JDK's parking, and jgo's synthetic {@code $jgo$} helpers (a primitive's shared leaf code). */
    private static boolean isMachinery(StackTraceElement e) {
        String c = e.getClassName();
        return c.startsWith("io.jgo.internal.") || c.startsWith("java.lang.Thread") || c.startsWith("java.lang.Throwable")
                || c.startsWith("jdk.internal.misc.") || c.startsWith("java.util.concurrent.locks.LockSupport")
                || e.getMethodName().startsWith("$jgo$") && !e.getMethodName().equals(io.jgo.internal.Resumers.ENTRY);
    }
}
