package io.jgo.internal.callback;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.park.Park;
import io.jgo.internal.park.ParkLeaf;
import java.util.concurrent.TimeUnit;

/**
 * What rewritten code calls instead of {@code Process.waitFor()} and
 * {@code Process.waitFor(timeout, unit)} (the instrumenter's {@code BlockingCalls} substitutes the
 * call site; the receiver becomes the first argument). The JDK's {@code waitFor} blocks its thread
 * until the child exits, so a goroutine there held its carrier as a handed-off syscall. Here a
 * goroutine waits on a {@link Park} that the process's {@code onExit()} future wakes (the JDK's
 * process reaper completes it): its carrier runs other goroutines meanwhile. The park's deadline is
 * the timed form's timeout, and an interrupt ends the wait, as it ends the JDK's.
 *
 * <p>What the caller sees is the JDK's {@code waitFor}'s: an exited process answers at once, even if
 * the caller is interrupted; an interrupt pending at the call or arriving during the wait throws
 * {@code InterruptedException} and clears the status; the timed form answers whether the process
 * has exited, false for a timeout not positive. On a plain thread, and for a {@code Process} that is
 * not the JDK's (a user's subclass, whose {@code waitFor} may do anything), the receiver's own
 * {@code waitFor} is called.
 *
 * <p>Threads: the wake runs on the JDK's thread that completes {@code onExit()}; the park decides
 * among wake, deadline and interrupt with one CAS ({@link Park}), so a wake after the deadline or
 * the interrupt is lost harmlessly (the stage stays registered until the process exits).
 */
public final class ProcessCalls {

    /** The JDK's implementation of {@link Process}, whose {@code waitFor} and {@code onExit} are known. */
    private static final String JDK_PROCESS = "java.lang.ProcessImpl";

    private ProcessCalls() {
    }

    /** {@code process.waitFor()}: in a goroutine, parks until the process exits; its exit value. */
    @Goroutine
    public static int waitFor(Process process) throws InterruptedException {
        if (!parks(process)) {
            return ownWaitFor(process); // a null process: the NullPointerException of the call
        }
        if (!process.isAlive()) {
            return process.exitValue();
        }
        Park p = new Park(WaitReason.FUTURE, Park.NO_DEADLINE, true, null);
        process.onExit().thenRun(p::wake); // an exit before the park: the park sees the outcome and does not park
        if (ParkLeaf.park(p) == Park.INTERRUPTED) {
            Thread.interrupted(); // as the JDK's waitFor: the status is cleared with the throw
            throw new InterruptedException();
        }
        return process.exitValue();
    }

    /** {@code process.waitFor(timeout, unit)}: in a goroutine, parks until the process exits or the timeout passes. */
    @Goroutine
    public static boolean waitFor(Process process, long timeout, TimeUnit unit) throws InterruptedException {
        if (!parks(process)) {
            return ownWaitFor(process, timeout, unit);
        }
        long nanos = unit.toNanos(timeout); // a null unit: the NullPointerException of the call
        if (!process.isAlive()) {
            return true;
        }
        if (nanos <= 0) {
            return false;
        }
        Park p = new Park(WaitReason.FUTURE, nanos, true, null);
        process.onExit().thenRun(p::wake);
        int how = ParkLeaf.park(p);
        if (how == Park.INTERRUPTED) {
            Thread.interrupted();
            throw new InterruptedException();
        }
        return how == Park.WOKEN || !process.isAlive();
    }

    /** Does a wait on {@code process} park here: a goroutine waiting on the JDK's own process? */
    private static boolean parks(Process process) {
        return process != null && Stack.current().isGoroutine() && process.getClass().getName().equals(JDK_PROCESS);
    }

    /** The receiver's own {@code waitFor}; not {@code @Goroutine}, so the rewrite never redirects this call here. */
    private static int ownWaitFor(Process process) throws InterruptedException {
        return process.waitFor();
    }

    private static boolean ownWaitFor(Process process, long timeout, TimeUnit unit) throws InterruptedException {
        return process.waitFor(timeout, unit);
    }
}
