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
 * One daemon thread, {@code jgo-observe}, that keeps the JMX beans in step with the live runtimes.
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
 * <p>{@code -Djgo.jmx=off} turns the beans off (the JFR hook stays: it costs nothing until a
 * recording starts).
 */
final class Registrar implements Runnable {

    /** {@code -Djgo.jmx=off}: no MBeans. */
    static final String JMX_PROPERTY = "jgo.jmx";

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final AtomicBoolean DIRTY = new AtomicBoolean();
    private static volatile Thread thread;

    /** ObjectNames registered, by runtime; the registrar thread only. */
    private final Map<Sched, ObjectName> registered = new HashMap<>();
    private final boolean jmx = !"off".equalsIgnoreCase(System.getProperty(JMX_PROPERTY, "on").trim());

    private Registrar() {
    }

    /** A runtime started or ended: wake the thread (starting it the first time). Any thread. */
    static void changed() {
        DIRTY.set(true); // volatile write before the unpark: the thread's getAndSet sees it
        if (STARTED.compareAndSet(false, true)) {
            // On the first starter's thread, so that a recording already running (or started right
            // after) gets this runtime's first events: a listener only, which initializes nothing.
            hookFlightRecorder();
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

    @Override
    public void run() {
        for (;;) {
            if (!DIRTY.getAndSet(false)) {
                LockSupport.park(this);
                continue;
            }
            if (jmx) {
                reconcile();
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
