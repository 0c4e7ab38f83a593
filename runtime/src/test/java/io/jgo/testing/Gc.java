package io.jgo.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/**
 * Waits for an object to be collected: the test registers a reference with a {@link ReferenceQueue}
 * and this asks for collections and waits on the queue (the collector's own signal), rather than
 * polling the reference between sleeps. {@code System.gc()} is only a request: a JVM run with
 * {@code -XX:+DisableExplicitGC} ignores it, and the test is skipped there instead of failing.
 */
public final class Gc {

    /** Collections asked for before the object is declared reachable. */
    private static final int ROUNDS = 100;
    /** How long each round waits on the queue for the collector to enqueue the reference. */
    private static final long WAIT_MILLIS = 100;

    private Gc() {
    }

    /**
     * Returns once {@code ref}, registered with {@code queue} and its referent no longer strongly
     * held by the caller, has been enqueued; fails naming {@code what} when {@value #ROUNDS}
     * collections leave it reachable.
     */
    public static void awaitCollected(String what, Reference<?> ref, ReferenceQueue<?> queue) throws InterruptedException {
        assumeFalse(explicitGcDisabled(), "-XX:+DisableExplicitGC: System.gc() collects nothing");
        for (int i = 0; i < ROUNDS; i++) {
            System.gc();
            for (Reference<?> r; (r = queue.remove(WAIT_MILLIS)) != null; ) {
                if (r == ref) {
                    return;
                }
            }
        }
        fail(what + " is still reachable after " + ROUNDS + " collections");
    }

    private static boolean explicitGcDisabled() {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return hotspot != null && Boolean.parseBoolean(hotspot.getVMOption("DisableExplicitGC").getValue());
    }
}
