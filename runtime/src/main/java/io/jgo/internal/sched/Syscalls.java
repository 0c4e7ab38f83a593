package io.jgo.internal.sched;

/**
 * The scheduler's side of {@code io.jgo.internal.blocking.Blocking}, which rewritten code calls around a
 * blocking JDK call: enter a syscall before the call, leave it after. Public for that one caller
 * in another package of the runtime; the runtime's module does not export this package.
 */
public final class Syscalls {

    private Syscalls() {
    }

    /**
     * Enters a syscall when the caller is a goroutine not inside one: {@code blocks} hands the P on
     * at once (Go's entersyscallblock), otherwise sysmon retakes it if the call lasts (entersyscall).
     * A G whose P sysmon already retook (it ran long without a check) enters one too, without a P to
     * let go of: its interrupts must reach the call as well, and it takes a P back on the way out.
     * Returns whether it entered one. Any thread; a plain thread gets false.
     */
    public static boolean enter(boolean blocks) {
        G g = Sched.currentG();
        if (g == null || g.syscallDepth > 0) {
            return false; // a plain thread, or already inside Go.syscall or a wrapped call
        }
        if (blocks) {
            g.runtime().handoff.enterSyscallBlock(g); // it blocks: the P goes to work at once
        } else {
            g.runtime().handoff.enterSyscall(g); // it may not: sysmon retakes the P if it lasts
        }
        g.syscallDepth = 1;
        Interrupts.enterSyscall(g); // an interrupt of g now reaches the call on this thread
        return true;
    }

    /**
     * Whether the caller is a goroutine inside a syscall ({@code Go.syscall}'s body, or a wrapped
     * blocking call): its carrier is the thing meant to block there, so it must not park. Read by
     * the goroutine's own thread (its status is SYSCALL from entry to exit whoever holds its P).
     */
    public static boolean inSyscall() {
        G g = Sched.currentG();
        return g != null && g.status() == G.SYSCALL;
    }

    /**
     * Whether the caller is a goroutine inside the body of {@code Go.syscall} or a wrapped blocking
     * call, where its carrier is meant to block. Unlike {@link #inSyscall}, a goroutine that sysmon
     * took for one (its status SYSCALL because it ran long without a check) is not inside one: it may
     * still park. The goroutine's own thread.
     */
    public static boolean inCall() {
        G g = Sched.currentG();
        return g != null && g.syscallDepth > 0;
    }

    /** Leaves the syscall {@link #enter} entered; called by the goroutine that entered it, on its carrier. */
    public static void exit() {
        G g = Sched.currentG();
        g.syscallDepth = 0;
        try {
            g.runtime().handoff.exitSyscall(g);
        } finally {
            Interrupts.exitSyscall(g); // after: g is RUNNING again, so a later interrupt asks it to yield
        }
    }
}
