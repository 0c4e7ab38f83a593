package io.jgo.internal.sched;

import java.util.concurrent.Callable;

/**
 * The one way into and out of a syscall (Go's {@code entersyscall} / {@code exitsyscall}): every
 * caller that lets its carrier block with a goroutine on it comes through {@link #enter} and
 * {@link #exit}, or {@link #call} which pairs them around a callable. {@code Go.syscall} (through
 * {@code proc.Proc}), the rewrite's {@code blocking.Blocking} around a blocking JDK call (and the
 * sockets' and the blocking channels' calls through it), {@code blocking.OwnedLocks}' waits for a
 * lock of the JDK's, and {@code io.jgo.net}'s waits in place all enter here; the only other way a
 * G comes to run without a P is sysmon's retake of a G that ran too long ({@code Retake}), which
 * leaves through the same {@code Handoff.exitSyscall}.
 *
 * <p>The caller chooses when the P is let go, a {@link Policy}: at once ({@link Policy#HAND_OFF_AT_ONCE},
 * Go's {@code entersyscallblock}) for a call known to block, or only if the call lasts
 * ({@link Policy#RETAKE_IF_IT_LASTS}, Go's {@code entersyscall}: sysmon retakes the P a tick later)
 * for a call that usually returns at once. A test bubble (no sysmon, one P) hands off at once
 * whatever the policy ({@code Handoff.enterSyscall}).
 *
 * <p>Syscalls do not nest: inside one ({@link #inCall}) a further {@link #enter} enters nothing and
 * returns false, and its caller skips the {@link #exit}; the outer syscall already lets the P go.
 * Public for the runtime's other packages; the runtime's module does not export this package.
 */
public final class Syscalls {

    /** When a syscall lets its P go to other goroutines. */
    public enum Policy {
        /**
         * Go's {@code entersyscallblock}: the P is handed off as the call starts, for a call known to
         * block (a latch's await, a wait in place): waiting a sysmon tick would only delay the
         * goroutines queued behind it. The way out takes an idle P or queues.
         */
        HAND_OFF_AT_ONCE,
        /**
         * Go's {@code entersyscall}: the P stays attached to the M ({@code m.oldP}) and sysmon retakes
         * it if the call lasts; the way out takes it back with one CAS. For a call that usually returns
         * at once ({@code Go.syscall}, a read the poller said is ready): handing off up front would
         * wake a thread per call (a thousand readers woken together made hundreds of threads).
         */
        RETAKE_IF_IT_LASTS
    }

    private Syscalls() {
    }

    /**
     * Enters a syscall when the caller is a goroutine not inside one, letting its P go as
     * {@code policy} says. A G whose P sysmon already retook (it ran long without a check) enters
     * one too, without a P to let go of: its interrupts must reach the call as well, and it takes a
     * P back on the way out. Returns whether it entered one, for the caller's {@link #exit}. Any
     * thread; a plain thread, or a goroutine already inside a syscall, gets false.
     */
    public static boolean enter(Policy policy) {
        return enter(Sched.currentG(), policy);
    }

    /** {@link #enter} for {@code g}, the calling goroutine or null. */
    private static boolean enter(G g, Policy policy) {
        if (g == null || g.syscallDepth > 0) {
            return false; // a plain thread, or already inside a syscall: the outer one lets the P go
        }
        g.runtime().handoff.enterSyscall(g, policy);
        g.syscallDepth = 1;
        Interrupts.enterSyscall(g); // an interrupt of g now reaches the call on this thread
        return true;
    }

    /**
     * Leaves the syscall {@link #enter} entered (only when it returned true); the goroutine that
     * entered it, on its carrier. Throws {@link Dropped} if the runtime stopped during the call.
     */
    public static void exit() {
        exit(Sched.currentG());
    }

    private static void exit(G g) {
        g.syscallDepth = 0;
        try {
            g.runtime().handoff.exitSyscall(g);
        } finally {
            Interrupts.exitSyscall(g); // after: g is RUNNING again, so a later interrupt asks it to yield
        }
    }

    /**
     * {@code call} between {@link #enter} and {@link #exit} ({@code Go.syscall}); on a plain thread or
     * inside a syscall already it is simply called. Rethrows what the call throws.
     */
    public static <T> T call(Policy policy, Callable<T> call) throws Exception {
        G g = Sched.currentG();
        if (!enter(g, policy)) {
            return call.call();
        }
        try {
            return call.call();
        } finally {
            exit(g);
        }
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
}
