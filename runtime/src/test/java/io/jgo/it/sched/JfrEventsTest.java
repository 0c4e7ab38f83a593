package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A JFR recording taken with every jgo event on (thresholds 0) holds each kind, with the fields
 * set from what the runtime did: a pinned park behind an unrewritten frame, a sysmon preemption,
 * a blocking call's handoff, a syscall's retake, a GOMAXPROCS change, a deadlock, and the periodic
 * scheduler event. Each step waits for the runtime's own counters, never for time.
 */
@Timeout(120)
@Isolated // a recording sees every runtime; the events are told apart by runtime name anyway
class JfrEventsTest {

    private static final List<String> KINDS = List.of("jgo.GoroutinePinned", "jgo.GoroutinePreempted", "jgo.SyscallHandoff",
            "jgo.Retake", "jgo.GomaxprocsChange", "jgo.Deadlock", "jgo.Scheduler");

    /** Not a lambda and not rewritten: the goroutine's wait behind it cannot unwind, so it pins (named by the event, not the save helper). */
    private static final class Opaque implements Runnable {
        private final WaitGroup wg;

        Opaque(WaitGroup wg) {
            this.wg = wg;
        }

        @Override
        public void run() {
            awaitIn(wg); // a rewritten frame that cannot unwind into this one: it pins in its save helper
        }
    }

    @Goroutine
    private static void awaitIn(WaitGroup wg) {
        wg.await();
    }

    @TempDir
    Path dir;

    @Test
    void recordingHoldsEveryEventKindWithItsFields() throws Exception {
        Path file = dir.resolve("jgo.jfr");
        long[] pinnedId = new long[1];
        try (Recording r = new Recording()) {
            for (String kind : KINDS) {
                r.enable(kind).withThreshold(Duration.ZERO);
            }
            r.enable("jgo.Scheduler").withPeriod(Duration.ofMillis(20));
            r.start();
            AtomicInteger syscallRetakes = new AtomicInteger();
            Sched s = TestRuntimes.traced("jfr-events", 2, (e, g, p, m, victim, n) -> {
                if (e == Trace.Event.RETAKE && n == 0) {
                    syscallRetakes.incrementAndGet();
                }
            });
            s.runMain(() -> {
                Go.maxProcs(3);
                pinnedId[0] = pinOnce();
                long preempted = s.stats().preemptions;
                // A CPU-bound goroutine sysmon must ask. It spins on a plain flag, not on s.stats(): stats take
                // the scheduler lock, and a thread re-taking a monitor in a tight loop can starve sysmon of it.
                java.util.concurrent.atomic.AtomicBoolean asked = new java.util.concurrent.atomic.AtomicBoolean();
                Go.go(() -> spinUntil(asked::get));
                Await.until("a preemption", () -> s.stats().preemptions > preempted, () -> s.stats().preemptions + "");
                asked.set(true);
                Go.go(() -> Blocking.exit(Blocking.enter(null, Blocking.ALWAYS))); // a known-blocking call: handoff at once
                // sysmon retakes the P of a syscall that lasts. A goroutine whose P sysmon already took while
                // it ran (a loaded machine can starve its thread for a slice) enters its syscall without a P,
                // so nothing is left to retake: such an attempt gives up after a while and another starts.
                while (syscallRetakes.get() == 0) {
                    try {
                        long giveUp = System.nanoTime() + 200_000_000L;
                        Go.syscall(() -> spinUntil(() -> syscallRetakes.get() > 0 || System.nanoTime() - giveUp > 0));
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
                Await.until("a jgo.Scheduler event of this runtime in the recording",
                        () -> read(snapshot(r)).stream().anyMatch(isSchedulerOf("jfr-events")), () -> "none yet");
            });
            Sched dead = TestRuntimes.traced("jfr-deadlock", 2, null);
            assertThrows(DeadlockException.class, () -> dead.runMain(() -> {
                WaitGroup never = new WaitGroup();
                never.add(1);
                never.await();
            }));
            r.stop();
            r.dump(file);
        }
        Map<String, List<RecordedEvent>> byKind = read(file).stream()
                .collect(Collectors.groupingBy(e -> e.getEventType().getName()));
        for (String kind : KINDS) {
            assertFalse(byKind.getOrDefault(kind, List.of()).isEmpty(), "no " + kind + " in " + byKind.keySet());
        }

        RecordedEvent pin = only(byKind, "jgo.GoroutinePinned", e -> e.getLong("goroutineId") == pinnedId[0]);
        assertEquals("jfr-events", pin.getString("runtime"));
        assertEquals("sync.WaitGroup.Wait", pin.getString("waitReason"));
        assertTrue(pin.getString("pinnedFrame").startsWith("io.jgo.it.sched.JfrEventsTest$Opaque.run(JfrEventsTest.java:"),
                pin.getString("pinnedFrame"));
        assertNotNull(pin.getStackTrace(), "the pinned carrier's stack");
        assertTrue(pin.getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                .anyMatch(m -> m.getType().getName().endsWith("JfrEventsTest$Opaque") && m.getName().equals("run")), pin.toString());

        RecordedEvent pre = only(byKind, "jgo.GoroutinePreempted", e -> e.getString("runtime").equals("jfr-events"));
        // Whichever goroutine sysmon caught first (main may be, while it reads the recording): a real G, P and M.
        assertTrue(pre.getLong("goroutineId") >= 1 && pre.getInt("p") >= 0 && pre.getInt("m") >= 0, pre.toString());

        RecordedEvent handoff = only(byKind, "jgo.SyscallHandoff", e -> e.getString("runtime").equals("jfr-events"));
        assertTrue(handoff.getLong("goroutineId") > 1 && handoff.getInt("p") >= 0, handoff.toString());

        RecordedEvent retake = only(byKind, "jgo.Retake",
                e -> e.getString("runtime").equals("jfr-events") && e.getString("reason").equals("syscall"));
        assertTrue(retake.getInt("p") >= 0 && retake.getInt("m") >= 0, retake.toString());

        RecordedEvent procs = only(byKind, "jgo.GomaxprocsChange", e -> e.getString("runtime").equals("jfr-events"));
        assertEquals(2, procs.getInt("oldValue"));
        assertEquals(3, procs.getInt("newValue"));

        RecordedEvent deadlock = only(byKind, "jgo.Deadlock", e -> e.getString("runtime").equals("jfr-deadlock"));
        assertEquals(1, deadlock.getLong("goroutines"));
        assertTrue(deadlock.getString("dump").startsWith("goroutine 1 [sync.WaitGroup.Wait]:\n"),
                deadlock.getString("dump"));

        RecordedEvent sched = byKind.get("jgo.Scheduler").stream().filter(isSchedulerOf("jfr-events")).findFirst().orElseThrow();
        assertEquals(3, sched.getInt("gomaxprocs"));
        assertTrue(sched.getString("runQueues").matches("\\[\\d+ \\d+ \\d+\\]"), sched.getString("runQueues"));
        assertTrue(sched.getInt("threads") >= 1 && sched.getLong("goroutines") >= 1, sched.toString());
    }

    /** One goroutine parks behind an unrewritten frame (pinned) until main sees it parked; returns its id. */
    private static long pinOnce() {
        WaitGroup gate = new WaitGroup();
        gate.add(1);
        WaitGroup done = new WaitGroup();
        done.add(1);
        long[] id = new long[1];
        Go.go(() -> {
            id[0] = Sched.currentG().id();
            new Opaque(gate).run();
            done.done();
        });
        Await.dumpShows("the goroutine parked on its carrier", d -> d.contains("[sync.WaitGroup.Wait, locked to thread]"));
        gate.done();
        done.await();
        return id[0];
    }

    private static Void spinUntil(java.util.function.BooleanSupplier done) {
        while (!done.getAsBoolean()) {
            Thread.onSpinWait();
        }
        return null;
    }

    private static Predicate<RecordedEvent> isSchedulerOf(String runtime) {
        return e -> e.getEventType().getName().equals("jgo.Scheduler") && runtime.equals(e.getString("runtime"))
                && e.getInt("gomaxprocs") == 3;
    }

    private static RecordedEvent only(Map<String, List<RecordedEvent>> byKind, String kind, Predicate<RecordedEvent> which) {
        return byKind.getOrDefault(kind, List.of()).stream().filter(which).findFirst()
                .orElseThrow(() -> new AssertionError("no matching " + kind + " in " + byKind.get(kind)));
    }

    private Path snapshot(Recording r) {
        try {
            Path p = Files.createTempFile(dir, "snapshot", ".jfr");
            r.dump(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<RecordedEvent> read(Path p) {
        try {
            return RecordingFile.readAllEvents(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
