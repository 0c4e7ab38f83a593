package io.jgo.internal.observe;

import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.SchedStats;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/** The JMX bean of one runtime; every getter reads the runtime afresh (no caching). Any thread. */
final class GoRuntime implements GoRuntimeMXBean {

    private final Sched sched;
    private final String name;

    GoRuntime(Sched sched, String name) {
        this.sched = sched;
        this.name = name;
    }

    /** {@code io.jgo:type=Runtime,name=NAME}, the name quoted only if it holds a character ObjectName reserves. */
    static ObjectName objectName(String runtimeName) throws MalformedObjectNameException {
        boolean plain = runtimeName.chars().noneMatch(c -> ",=:\"*?\n\\".indexOf(c) >= 0);
        return new ObjectName("io.jgo:type=Runtime,name=" + (plain ? runtimeName : ObjectName.quote(runtimeName)));
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public long getGoroutines() {
        return sched.numGoroutine();
    }

    @Override
    public int getGomaxprocs() {
        return sched.maxProcs();
    }

    @Override
    public void setGomaxprocs(int n) {
        if (n < 1 || n > io.jgo.internal.settings.Settings.MAX_PROCS) { // 0 would read it (Go.maxProcs(0)): no write
            throw new IllegalArgumentException("GOMAXPROCS must be from 1 to " + io.jgo.internal.settings.Settings.MAX_PROCS + ": " + n);
        }
        sched.maxProcs(n);
    }

    @Override
    public int getThreads() {
        return sched.stats().threads;
    }

    @Override
    public int getIdleThreads() {
        return sched.stats().idleThreads;
    }

    @Override
    public int getSpinningThreads() {
        return sched.stats().spinningThreads;
    }

    @Override
    public int getIdleProcs() {
        return sched.stats().idleProcs;
    }

    @Override
    public int getGlobalRunQueue() {
        return sched.stats().globalQueue;
    }

    @Override
    public int[] getLocalRunQueues() {
        return sched.stats().localQueues();
    }

    @Override
    public long getPins() {
        return sched.stats().pins;
    }

    @Override
    public String getPinReport() {
        return io.jgo.internal.cont.PinReport.enabled() ? io.jgo.internal.cont.PinReport.report()
                : "pins are counted by frame only under -Djgo.pinReport";
    }

    @Override
    public long getPreemptions() {
        return sched.stats().preemptions;
    }

    @Override
    public long getHandoffs() {
        return sched.stats().handoffs;
    }

    @Override
    public long getRetakes() {
        return sched.stats().retakes;
    }

    @Override
    public long getUptimeMillis() {
        return sched.stats().uptimeMillis;
    }

    @Override
    public String dumpGoroutines() {
        return sched.dump();
    }
}
