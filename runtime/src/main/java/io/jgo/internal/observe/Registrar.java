package io.jgo.internal.observe;

import io.jgo.internal.sched.Sched;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

/**
 * One daemon thread, {@code jgo-observe}, alive while a runtime is, that keeps the JMX beans in step with the live runtimes.
 * It exists because the first call to {@code ManagementFactory.getPlatformMBeanServer()} takes a few
 * hundred milliseconds of class loading: a {@code Go.run} must not wait for it. The first runtime
 * start also adds a Flight Recorder listener (cheap: it initializes nothing) that, when the recorder
 * initializes, turns the events on ({@code Events.flightRecorderReady}) and registers the periodic
 * {@code jgo.Scheduler} event.
 *
 * <p>Each time a runtime starts or ends ({@link #changed}) the thread wakes and reconciles: it
 * registers a bean for every live runtime that has none and unregisters the beans of runtimes
 * that ended. A runtime that starts and ends between two wake-ups is never registered. The bean
 * map is this thread's only; {@link #DIRTY} is the hand-off flag (set by changers before the
 * unpark, cleared by this thread before it reads the registry, so no change is missed).
 *
 * <p>The thread ends once no runtime is live and every bean is unregistered, and a later start
 * starts another ({@link #run}). {@code -Djgo.jmx=off} turns the beans off, and with them the
 * thread (the JFR hook stays: it costs nothing until a recording starts).
 */
final class Registrar implements Runnable {

    /** {@code -Djgo.jmx=off}: no MBeans. */
    static final String JMX_PROPERTY = io.jgo.internal.settings.Setting.JMX.key();

    /** Whether the JFR listener was added (once per process). */
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    /**
     * Whether a registrar thread is alive (or about to start): set by the changer that starts one,
     * cleared by the thread itself when it ends, so at most one runs and a change is never left
     * without one (see {@link #run}).
     */
    private static final AtomicBoolean RUNNING = new AtomicBoolean();
    private static final AtomicBoolean DIRTY = new AtomicBoolean();
    /** The registrar thread last started; written before its start, read by changers to unpark it. */
    private static volatile Thread thread;
    /** {@code -Djgo.jmx}, read once (checked at every runtime start by the scheduler's settings). */
    private static final boolean JMX = io.jgo.internal.settings.Settings.jmx();

    /** ObjectNames registered, by runtime; the registrar thread only. */
    private final Map<Sched, ObjectName> registered = new HashMap<>();

    private Registrar() {
    }

    /** A runtime started or ended: wake the thread (starting one if none runs). Any thread. */
    static void changed() {
        if (HOOKED.compareAndSet(false, true)) {
            // On the first starter's thread, so that a recording already running (or started right
            // after) gets this runtime's first events: a listener only, which initializes nothing.
            hookFlightRecorder();
        }
        if (!JMX) {
            return; // no beans: no thread
        }
        DIRTY.set(true); // volatile write before the start or unpark: the thread's getAndSet sees it
        if (RUNNING.compareAndSet(false, true)) {
            Thread t = new Thread(new Registrar(), "jgo-observe");
            t.setDaemon(true);
            thread = t;
            t.start();
            return;
        }
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Reconciles on every change, and ends as soon as no runtime is live and no bean is left, so
     * that a program's last {@code Go.run} leaves no thread behind (a launcher such as
     * {@code mvn exec:java} waits for the threads a program started). The end races with a change:
     * <ol>
     *   <li>T (this thread) finds nothing live, clears {@link #RUNNING}, then reads {@link #DIRTY};</li>
     *   <li>C (a changer) sets DIRTY, then tries RUNNING false to true.</li>
     * </ol>
     * If C's CAS comes after T's clear, C starts a new thread and T, even if it sees DIRTY, loses its
     * own CAS and ends. If it came before, C found RUNNING set and only unparked T; T's read of DIRTY
     * comes after C's write (both volatile, C's write first), so T wins its CAS and carries on.
     * An interrupt (a launcher asking threads to end) is cleared before each park, which would
     * otherwise return at once for ever; the thread ends by the rule above, not by the interrupt.
     */
    @Override
    public void run() {
        for (;;) {
            if (DIRTY.getAndSet(false)) {
                try {
                    reconcile();
                } catch (RuntimeException | Error e) { // out of memory, say: the next change tries again
                    DIRTY.set(true);
                    try {
                        warnOnce(e);
                    } catch (Throwable lost) {
                        // nothing to say it with
                    }
                    LockSupport.parkNanos(this, 100_000_000L); // not in a tight loop while it lasts
                }
                continue;
            }
            if (registered.isEmpty() && Observe.live().isEmpty()) {
                RUNNING.set(false);
                if (!DIRTY.get() || !RUNNING.compareAndSet(false, true)) {
                    return;
                }
                continue;
            }
            Thread.interrupted();
            LockSupport.park(this);
        }
    }

    /** Whether a failed reconcile was reported; the registrar thread only. */
    private boolean failureReported;

    private void warnOnce(Throwable e) {
        if (!failureReported) {
            failureReported = true;
            try {
                System.err.println("jgo: warning: the JMX beans could not be updated: " + e);
            } catch (Throwable ignored) {
                // out of memory: nothing to say it with
            }
        }
    }

    /**
     * Registers the periodic event when Flight Recorder initializes (at once if it already has):
     * adding a listener does not initialize it, so a process that never records pays nothing more.
     */
    private static void hookFlightRecorder() {
        try {
            FlightRecorder.addListener(new FlightRecorderListener() {
                @Override
                public void recorderInitialized(FlightRecorder recorder) {
                    Events.flightRecorderReady();
                    FlightRecorder.addPeriodicEvent(SchedulerEvent.class, Registrar::emitScheduler);
                }
            });
        } catch (RuntimeException | LinkageError e) { // a JVM without jdk.jfr: no events, nothing else lost
            System.err.println("jgo: warning: no jgo.Scheduler JFR event: " + e);
        }
    }

    /** The periodic hook: one {@code jgo.Scheduler} event per live runtime. JFR's periodic thread. */
    private static void emitScheduler() {
        for (Map.Entry<Sched, String> e : Observe.live()) {
            SchedulerEvent ev = new SchedulerEvent();
            if (!ev.shouldCommit()) {
                return;
            }
            io.jgo.internal.sched.SchedStats st = e.getKey().stats();
            ev.runtime = e.getValue();
            ev.gomaxprocs = st.gomaxprocs;
            ev.idleProcs = st.idleProcs;
            ev.threads = st.threads;
            ev.spinningThreads = st.spinningThreads;
            ev.idleThreads = st.idleThreads;
            ev.goroutines = st.goroutines;
            ev.globalQueue = st.globalQueue;
            ev.localQueued = st.localQueued();
            ev.runQueues = st.localQueuesText();
            ev.commit();
        }
    }

    /** Unregisters first, so a new runtime may take the name of one that just ended. */
    private void reconcile() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Map<Sched, String> live = new HashMap<>();
        for (Map.Entry<Sched, String> e : Observe.live()) {
            live.put(e.getKey(), e.getValue());
        }
        registered.entrySet().removeIf(e -> {
            if (live.containsKey(e.getKey())) {
                return false;
            }
            if (e.getValue() != null) {
                try {
                    server.unregisterMBean(e.getValue());
                } catch (JMException ex) {
                    System.err.println("jgo: warning: could not unregister " + e.getValue() + ": " + ex);
                }
            }
            return true;
        });
        for (Map.Entry<Sched, String> e : live.entrySet()) {
            if (registered.containsKey(e.getKey())) {
                continue;
            }
            try {
                ObjectName name = GoRuntime.objectName(e.getValue());
                server.registerMBean(new GoRuntime(e.getKey(), e.getValue()), name);
                registered.put(e.getKey(), name);
            } catch (JMException | RuntimeException ex) {
                System.err.println("jgo: warning: runtime " + e.getValue() + " has no JMX bean: " + ex);
                registered.put(e.getKey(), null); // do not retry on every change
            }
        }
    }
}
