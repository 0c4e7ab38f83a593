package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Program;
import io.jgo.cont.shapes.StackShapes;
import io.jgo.internal.coroutine.Coroutine;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The segmented stack: small at first, grows by segments, no allocation at a hot boundary, released at the end. */
class SegmentedStackTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static Runnable program(Class<? extends Program> type) throws Exception {
        return (Runnable) Differential.load(Path.BUILD_TIME, type).getDeclaredConstructor().newInstance();
    }

    @Test
    void parkedShallowGoroutineCostsUnder400Bytes() throws Exception {
        int n = 20_000;
        Coroutine[] parked = new Coroutine[n];
        Runnable[] bodies = new Runnable[n];
        for (int i = 0; i < n; i++) {
            bodies[i] = program(StackShapes.Shallow.class);
        }
        new Coroutine(program(StackShapes.Shallow.class)).resume(); // warm up: classes, caches
        long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            parked[i] = new Coroutine(bodies[i]);
            assertTrue(parked[i].resume());
        }
        long perGoroutine = (THREADS.getCurrentThreadAllocatedBytes() - before) / n;
        assertTrue(perGoroutine < 400, "a parked shallow coroutine allocated " + perGoroutine + " bytes");
        assertTrue(parked[0].stack().retainedBytes() < 400);
    }

    @Test
    void goroutineThatNeverSuspendsAllocatesNoStack() throws Exception {
        Coroutine c = new Coroutine(program(StackShapes.NeverSuspends.class));
        c.resume();
        assertEquals(0, c.stack().retainedBytes());
    }

    @Test
    void suspendingAtASegmentBoundaryDoesNotAllocateEachTime() throws Exception {
        Coroutine c = new Coroutine(program(StackShapes.HotSplit.class));
        assertTrue(c.resume());
        assertTrue(c.resume());
        long retained = c.stack().retainedBytes();
        assertTrue(retained > 0);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000; i++) {
            assertTrue(c.resume());
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(retained, c.stack().retainedBytes(), "the segment chain changed");
        assertTrue(allocated < 64 * 1_000, "allocated " + allocated + " bytes over 1,000 round trips");
    }

    @Test
    void stackGrowsBySegmentsAndIsReleasedAtTheEnd() throws Exception {
        Coroutine c = new Coroutine(program(StackShapes.Deep.class));
        assertTrue(c.resume());
        long deep = c.stack().retainedBytes();
        assertTrue(deep > 1_600, "200 frames, at least one long of record each, need several segments: " + deep);
        while (c.resume()) {
            // run to the end
        }
        assertEquals(0, c.stack().depth());
        assertTrue(c.stack().retainedBytes() < 400, "only the first segment is kept: " + c.stack().retainedBytes());
    }
}
