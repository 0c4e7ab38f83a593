package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Heavy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Go.run} cleans up after itself: its threads are gone when it returns, dropped goroutines
 * never carry on (not even one that catches {@code Throwable}), and a goroutine that has only its
 * return left is not counted as dropped.
 */
@Timeout(300)
@Heavy
class ShutdownTest {

    @Test
    void aThousandRunsLeaveNoThreadBehind() {
        int before = Thread.getAllStackTraces().size();
        String err = capturingStderr(() -> {
            for (int i = 0; i < 1_000; i++) {
                Go.run(() -> {
                    WaitGroup never = new WaitGroup();
                    never.add(1);
                    Object monitor = new Object();
                    for (int k = 0; k < 3; k++) {
                        Go.go(never::await); // parked for good: dropped
                    }
                    Go.go(() -> Go.sleep(Duration.ofHours(1))); // a pending timer: cancelled
                    Go.go(() -> {
                        for (;;) {
                            Go.gosched(); // runnable for ever: dropped at a yield
                        }
                    });
                    Go.go(() -> {
                        synchronized (monitor) {
                            never.await(); // pinned: its carrier blocks, then gets Dropped
                        }
                    });
                    Go.gosched();
                });
            }
        });
        // Every thread of every run ends: the pinned goroutine's carrier too (Dropped frees it from
        // its wait). Go.run waits a second for them and then returns, printing that some are "still
        // busy": on a loaded machine an ending thread can take longer than that to be scheduled, so
        // the test waits for the threads themselves, as long as a slow machine needs, not for the warning.
        Await.until("no thread of the thousand runtimes left", () -> runtimeThreads().isEmpty(),
                () -> "left: " + runtimeThreads() + "\n" + err.lines().filter(l -> l.contains("busy")).findFirst().orElse(""));
        int after = Thread.getAllStackTraces().size();
        assertFalse(after > before + 2, "threads before " + before + ", after " + after);
    }

    private static List<String> runtimeThreads() {
        return Thread.getAllStackTraces().entrySet().stream().filter(e -> e.getKey().getName().matches("jgo-(m\\d+|sysmon|schedtrace)"))
                .map(e -> e.getKey().getName() + " " + java.util.Arrays.toString(e.getValue())).collect(Collectors.toList());
    }

    /**
     * The goroutine's frames block its carrier (pinned under a library frame) when main returns:
     * the internal error that unwinds them is caught by a {@code catch (Throwable)}, and still the
     * goroutine never gets past a wait; Go.run's wait for its threads ends without a carrier left
     * busy (the "still busy" part of the warning), so what was recorded is final.
     */
    @Test
    void aDroppedGoroutineThatCatchesThrowableNeverCarriesOn() {
        List<String> caught = new CopyOnWriteArrayList<>();
        AtomicBoolean resumed = new AtomicBoolean();
        AtomicBoolean ended = new AtomicBoolean();
        String err = capturingStderr(() -> Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            Go.go(() -> {
                for (int i = 0; i < 3; i++) {
                    try {
                        awaitUnderALibraryFrame(never);
                        resumed.set(true);
                    } catch (Throwable t) { // swallows everything, then tries to wait again
                        caught.add(t.getClass().getSimpleName());
                    }
                }
                ended.set(true);
            });
            while (!Go.dumpGoroutines().contains("[sync.WaitGroup.Wait, locked to thread]")) {
                Go.gosched(); // until the goroutine waits, pinned
            }
        }));
        assertFalse(err.contains("still busy"), err);
        // Every retry is refused again: the goroutine never gets past a wait, whatever it catches.
        assertFalse(caught.isEmpty(), err);
        assertEquals(List.of(), caught.stream().filter(c -> !c.equals("Dropped")).collect(Collectors.toList()));
        assertFalse(resumed.get());
        assertFalse(ended.get(), "the next rewritten call after the catch unwound it by returning");
        assertTrue(err.contains("jgo: note: Go.run: main returned with 1 other goroutine still alive; as in Go, it ends with main"), err);
    }

    /**
     * Waits under a library frame ({@code Objects.requireNonNullElseGet}, never rewritten nor
     * substituted, as {@code Optional.ifPresent} now is), so the goroutine pins its carrier.
     */
    @Goroutine
    static void awaitUnderALibraryFrame(WaitGroup wg) {
        Objects.requireNonNullElseGet(null, () -> {
            wg.await();
            return wg;
        });
    }

    /** The README's Hello: every goroutine has reached {@code wg.done()} when main returns. */
    @Test
    void goroutinesThatOnlyHaveTheirReturnLeftAreNotDropped() {
        AtomicInteger printed = new AtomicInteger();
        String err = capturingStderr(() -> {
            for (int run = 0; run < 300; run++) {
                Go.run(() -> {
                    WaitGroup wg = new WaitGroup();
                    for (int i = 0; i < 10; i++) {
                        wg.add(1);
                        Go.go(() -> {
                            work(printed);
                            wg.done();
                        });
                    }
                    wg.await();
                });
            }
        });
        assertEquals(3_000, printed.get());
        assertFalse(err.contains("still alive"), err);
    }

    @Goroutine
    static void work(AtomicInteger printed) {
        Go.gosched();
        printed.incrementAndGet();
    }

    static String capturingStderr(Runnable body) {
        PrintStream old = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(old);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
