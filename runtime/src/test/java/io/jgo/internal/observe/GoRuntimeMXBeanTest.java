package io.jgo.internal.observe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import java.lang.management.ManagementFactory;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runtime's MXBean, read and written through the platform MBean server as jconsole would: it
 * appears while the runtime runs and goes when it ends; its attributes follow the runtime
 * (GOMAXPROCS both ways, pins and handoffs after a pinned park); its operation dumps the goroutines.
 * This package is not rewritten, so main's wait pins its carrier: exactly the park counted.
 */
@Timeout(60)
class GoRuntimeMXBeanTest {

    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    @Test
    void beanShowsTheRuntimeWhileItRunsAndSetsGomaxprocs() throws Exception {
        // No preemption: main, unrewritten here, can run past a time slice (the JMX calls, under load),
        // and a retake of its P before the park would leave M0 nothing to hand off.
        Sched s = TestRuntimes.tracedWithoutPreemption("jmx-bean", 4, null);
        ObjectName name = new ObjectName("io.jgo:type=Runtime,name=jmx-bean");
        s.runMain(() -> {
            Await.until("the bean registered", () -> SERVER.isRegistered(name), () -> SERVER.queryNames(null, null).toString());
            try {
                assertEquals("jmx-bean", SERVER.getAttribute(name, "Name"));
                assertEquals(4, SERVER.getAttribute(name, "Gomaxprocs"));
                SERVER.setAttribute(name, new Attribute("Gomaxprocs", 2));
                assertEquals(2, s.maxProcs(), "the write reached the runtime");
                assertEquals(2, SERVER.getAttribute(name, "Gomaxprocs"));
                assertEquals(2, ((int[]) SERVER.getAttribute(name, "LocalRunQueues")).length);
                RuntimeMBeanException bad = assertThrows(RuntimeMBeanException.class,
                        () -> SERVER.setAttribute(name, new Attribute("Gomaxprocs", 0)));
                assertTrue(bad.getCause().getMessage().contains("GOMAXPROCS must be from 1 to 1024"), bad.getCause().getMessage());

                long pins = (Long) SERVER.getAttribute(name, "Pins");
                long handoffs = (Long) SERVER.getAttribute(name, "Handoffs");
                parkMainUntilAPlainThreadReleasesIt(s);
                assertEquals(pins + 1, (Long) SERVER.getAttribute(name, "Pins"), "main's one pinned park");
                assertTrue((Long) SERVER.getAttribute(name, "Handoffs") > handoffs, "main's carrier handed its P off while main waited");

                assertEquals(1L, SERVER.getAttribute(name, "Goroutines"));
                assertTrue((Integer) SERVER.getAttribute(name, "Threads") >= 1);
                // A racy reading, as Go's: a spinning M may hold the other P a moment, sysmon may have taken main's.
                int idle = (Integer) SERVER.getAttribute(name, "IdleProcs");
                assertTrue(idle >= 0 && idle <= 2, "idle Ps within GOMAXPROCS: " + idle);
                assertEquals(0, SERVER.getAttribute(name, "GlobalRunQueue"));
                assertArrayEquals(new int[2], (int[]) SERVER.getAttribute(name, "LocalRunQueues"));
                String dump = (String) SERVER.invoke(name, "dumpGoroutines", null, null);
                assertTrue(dump.startsWith("goroutine 1 [running]:\n"), dump);
            } catch (JMException e) {
                throw new AssertionError(e);
            }
        });
        Await.until("the bean unregistered once the runtime ended", () -> !SERVER.isRegistered(name), () -> "still registered");
    }

    @Test
    void twoLiveRuntimesOfOneNameGetTwoBeans() throws Exception {
        Sched outer = TestRuntimes.traced("jmx-twin", 2, null);
        outer.runMain(() -> {
            Sched inner = TestRuntimes.traced("jmx-twin", 2, null);
            String[] innerName = new String[1];
            Thread t = new Thread(() -> inner.runMain(() -> {
                innerName[0] = Observe.nameOf(inner);
                Await.until("both beans", () -> SERVER.queryNames(pattern(), null).size() == 2,
                        () -> SERVER.queryNames(pattern(), null).toString());
            }));
            t.start();
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            assertEquals("jmx-twin", Observe.nameOf(outer));
            assertTrue(innerName[0].matches("jmx-twin-\\d+"), innerName[0]);
        });
    }

    private static ObjectName pattern() {
        try {
            return new ObjectName("io.jgo:type=Runtime,name=jmx-twin*");
        } catch (JMException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * main waits on a WaitGroup (pinned: this code is not rewritten) until a plain thread sees it
     * parked and opens it. The WaitGroup is made and added to on a plain thread: the deadlock check
     * then knows that someone outside the goroutines may release it (in doubt, never a deadlock).
     * Made by main, it would be a primitive only goroutines had used, and with main asleep on it a
     * deadlock after the 50 ms grace, whenever the opener is scheduled later than that (seen under load).
     */
    private static void parkMainUntilAPlainThreadReleasesIt(Sched s) {
        WaitGroup wg = onAPlainThread(() -> {
            WaitGroup made = new WaitGroup();
            made.add(1);
            return made;
        });
        Thread opener = new Thread(() -> {
            while (!s.dump().contains("goroutine 1 [sync.WaitGroup.Wait, locked to thread]")) {
                Thread.onSpinWait();
                Thread.yield();
            }
            wg.done();
        });
        opener.start();
        wg.await();
    }

    private static <T> T onAPlainThread(java.util.function.Supplier<T> make) {
        java.util.concurrent.atomic.AtomicReference<T> made = new java.util.concurrent.atomic.AtomicReference<>();
        Thread t = new Thread(() -> made.set(make.get()));
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        return made.get();
    }
}
