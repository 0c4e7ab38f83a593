package io.jgo.internal.observe;

import io.jgo.internal.sched.park.ParkListener;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.SchedListener;

/**
 * The scheduler's listener: what a runtime reports goes to the registry of live runtimes
 * ({@link Observe}: JMX, dump on signal) and to Flight Recorder ({@link Events}). Provided to the
 * scheduler as a {@link SchedListener} service (and to the park layer as a {@link ParkListener} one), so
 * neither names this package.
 */
public final class Observers implements SchedListener, ParkListener {

    /** For {@link java.util.ServiceLoader}. */
    public Observers() {
    }

    @Override
    public void started(Sched sched) {
        Observe.started(sched);
    }

    @Override
    public void ended(Sched sched) {
        Observe.ended(sched);
    }

    @Override
    public void plainThreadBlocks() {
        Observe.installSignalHandler();
    }

    @Override
    public Object pinBegin() {
        return Events.pinBegin();
    }

    @Override
    public void pinEnd(Object pin, Sched sched, long goroutineId, WaitReason reason) {
        Events.pinEnd((GoroutinePinnedEvent) pin, sched, goroutineId, reason);
    }

    @Override
    public void preempted(Sched sched, long g, int p, int m) {
        Events.preempted(sched, g, p, m);
    }

    @Override
    public void retaken(Sched sched, long g, int p, int m, boolean fromSyscall) {
        Events.retaken(sched, g, p, m, fromSyscall);
    }

    @Override
    public void syscallHandoff(Sched sched, long g, int p, int m) {
        Events.syscallHandoff(sched, g, p, m);
    }

    @Override
    public void gomaxprocs(Sched sched, int old, int now) {
        Events.gomaxprocs(sched, old, now);
    }

    @Override
    public void deadlock(Sched sched, String dump) {
        Events.deadlock(sched, dump);
    }
}
