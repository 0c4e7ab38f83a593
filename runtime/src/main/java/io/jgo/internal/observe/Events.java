package io.jgo.internal.observe;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.Sched;

/**
 * Where the scheduler emits its JFR events: one static call per event, made on the thread that made
 * the decision. Until Flight Recorder initializes ({@link #flightRecorderReady}) a call reads one
 * volatile flag and returns: no event class is even loaded, so a process that never records never
 * has jgo's event classes for JFR (or another agent retransforming classes) to deal with. After,
 * a call costs one {@code isEnabled()} check (a static field of the JFR-instrumented event class)
 * when the event is off; the event object is built only when it is on, and committed only if
 * {@code shouldCommit()} (threshold).
 */
public final class Events {

    /** Set once, by the Flight Recorder listener, when the recorder initializes; volatile. */
    private static volatile boolean recorder;

    private Events() {
    }

    /** Flight Recorder has initialized: from now on events are built and offered to it. The listener's thread. */
    static void flightRecorderReady() {
        recorder = true;
    }

    /** A goroutine is about to block its carrier: the pinned event, begun, or null when the event is off. */
    public static GoroutinePinnedEvent pinBegin() {
        if (!recorder) {
            return null;
        }
        GoroutinePinnedEvent e = new GoroutinePinnedEvent();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    /** The pinned goroutine runs again; on its carrier, so the stack trace is the pinned one. */
    public static void pinEnd(GoroutinePinnedEvent e, Sched sched, long goroutineId, WaitReason waitReason) {
        if (e == null) {
            return;
        }
        e.end();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.goroutineId = goroutineId;
            e.waitReason = waitReason == null ? null : waitReason.toString();
            e.pinnedFrame = PinnedFrame.find();
            e.commit();
        }
    }

    /** sysmon asked goroutine {@code g} on {@code p}/{@code m} to yield. sysmon's thread. */
    public static void preempted(Sched sched, long g, int p, int m) {
        if (!recorder) {
            return;
        }
        GoroutinePreemptedEvent e = new GoroutinePreemptedEvent();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.goroutineId = g;
            e.p = p;
            e.m = m;
            e.commit();
        }
    }

    /** sysmon retook {@code p} from {@code m}: from a syscall, or from goroutine {@code g} that did not answer. */
    public static void retaken(Sched sched, long g, int p, int m, boolean fromSyscall) {
        if (!recorder) {
            return;
        }
        RetakeEvent e = new RetakeEvent();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.goroutineId = g;
            e.p = p;
            e.m = m;
            e.reason = fromSyscall ? "syscall" : "unresponsive";
            e.commit();
        }
    }

    /** Goroutine {@code g} entered a blocking call and handed {@code p} off; its own thread. */
    public static void syscallHandoff(Sched sched, long g, int p, int m) {
        if (!recorder) {
            return;
        }
        SyscallHandoffEvent e = new SyscallHandoffEvent();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.goroutineId = g;
            e.p = p;
            e.m = m;
            e.commit();
        }
    }

    /** GOMAXPROCS changed from {@code old} to {@code now}; the changer's thread. */
    public static void gomaxprocs(Sched sched, int old, int now) {
        if (!recorder) {
            return;
        }
        GomaxprocsChangeEvent e = new GomaxprocsChangeEvent();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.oldValue = old;
            e.newValue = now;
            e.commit();
        }
    }

    /** The runtime is deadlocked; {@code dump} is the goroutine dump the failure carries. M0. */
    public static void deadlock(Sched sched, String dump) {
        if (!recorder) {
            return;
        }
        DeadlockEvent e = new DeadlockEvent();
        if (e.shouldCommit()) {
            e.runtime = Observe.nameOf(sched);
            e.goroutines = sched.numGoroutine();
            e.dump = dump;
            e.commit();
        }
    }
}
