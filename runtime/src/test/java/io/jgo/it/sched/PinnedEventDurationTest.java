package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The {@code jgo.GoroutinePinned} event spans the pinned wait, all of it: a goroutine that sleeps
 * 50 ms pinned (holding a monitor, or behind a frame nobody rewrote) is recorded as pinned for at
 * least those 50 ms. (A bound the sleep itself guarantees, not a timing measurement: a sleep never
 * ends early.)
 */
@Timeout(120)
@Isolated // a recording sees every runtime
class PinnedEventDurationTest {

    private static final Duration SLEEP = Duration.ofMillis(50);
    private static final Object LOCK = new Object();

    /** Not rewritten (not a lambda, not @Goroutine): a sleep below it cannot unwind. */
    private static final class Opaque implements Runnable {
        @Override
        public void run() {
            sleepIn();
        }
    }

    @Goroutine
    private static void sleepIn() {
        Go.sleep(SLEEP);
    }

    @Goroutine
    private static void sleepHoldingAMonitor() throws InterruptedException {
        synchronized (LOCK) {
            Thread.sleep(SLEEP.toMillis());
        }
    }

    @TempDir
    Path dir;

    @Test
    void aPinnedSleepIsRecordedForItsWholeLength() throws Exception {
        Path file = dir.resolve("pins.jfr");
        long[] ids = new long[2];
        try (Recording r = new Recording()) {
            r.enable("jgo.GoroutinePinned").withThreshold(Duration.ZERO);
            r.start();
            Go.run(() -> {
                Go.maxProcs(2);
                WaitGroup wg = new WaitGroup();
                wg.add(2);
                Go.go(() -> {
                    ids[0] = Sched.currentG().id();
                    new Opaque().run();
                    wg.done();
                });
                Go.go(() -> {
                    ids[1] = Sched.currentG().id();
                    sleepHoldingAMonitor();
                    wg.done();
                });
                wg.await();
            });
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> pins = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("jgo.GoroutinePinned") && "sleep".equals(e.getString("waitReason"))
                        && (e.getLong("goroutineId") == ids[0] || e.getLong("goroutineId") == ids[1]))
                .collect(Collectors.toList());
        assertEquals(2, pins.size(), pins.toString());
        for (RecordedEvent e : pins) {
            assertTrue(e.getDuration().compareTo(SLEEP) >= 0, "a 50 ms pinned sleep recorded as " + e.getDuration() + ": " + e);
        }
    }
}
