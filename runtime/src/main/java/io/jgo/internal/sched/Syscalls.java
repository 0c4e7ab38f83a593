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
     * Enters a syscall when the caller is a running goroutine: {@code blocks} hands the P on at once
     * (Go's entersyscallblock), otherwise sysmon retakes it if the call lasts (entersyscall).
     * Returns whether it entered one. Any thread; a plain thread gets false.
     */
    public static boolean enter(boolean blocks) {
        G g = Sched.currentG();
        if (g == null || g.status() != G.RUNNING) {
            return false; // a plain thread, already inside Go.syscall, or already retaken by sysmon
        }
        if (blocks) {
            g.runtime().handoff.enterSyscallBlock(g); // it blocks: the P goes to work at once
        } else {
            g.runtime().handoff.enterSyscall(g); // it may not: sysmon retakes the P if it lasts
        }
        g.syscallDepth = 1;
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
        g.runtime().handoff.exitSyscall(g);
    }
}
