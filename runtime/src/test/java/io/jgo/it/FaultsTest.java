package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.Heavy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults from outside the program's logic: an {@code Error} from user code, running out of memory
 * in a goroutine (in a fresh JVM with a small heap), a default uncaught-exception handler that
 * throws, carriers interrupted from outside. In each the goroutine fails with a clear error, no
 * other goroutine is harmed, no carrier dies, and {@code Go.run} returns or throws: never hangs
 * (the timeout is the failure).
 */
@Timeout(120)
@Heavy
class FaultsTest {

    @TempDir
    Path dir;

    /** The agent, so that the forked program's goroutines unwind when they park, as in production. */
    private static List<String> withAgent(String... jvmArgs) {
        List<String> a = new ArrayList<>(Forked.agent());
        a.addAll(List.of(jvmArgs));
        return a;
    }

    @Test
    void anErrorFromUserCodeEndsTheRunNamingIt() {
        // An Error that is not an AssertionError: Go.run throws an escaping AssertionError as itself
        // (so JUnit counts a failure; GoRunFailureTest), anything else as a PanicException.
        Error boom = new LinkageError("user error");
        PanicException e = assertThrows(PanicException.class, () -> Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup never = new WaitGroup();
            never.add(1);
            Go.go(() -> {
                throw boom;
            });
            never.await();
        }));
        assertEquals(boom, e.getCause());
        assertTrue(e.getMessage().contains("LinkageError: user error"), e.getMessage());
    }

    @Test
    void aStackOverflowInAGoroutineEndsTheRunAndTheNextRunWorks() {
        PanicException e = assertThrows(PanicException.class, () -> Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            Go.go(() -> recurse(0));
            never.await();
        }));
        assertTrue(e.getCause() instanceof StackOverflowError, String.valueOf(e.getCause()));
        AtomicInteger ran = new AtomicInteger();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(10);
            for (int i = 0; i < 10; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(10, ran.get());
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    /**
     * Carriers interrupted from outside over and over while goroutines exchange values: every
     * interrupt lands on a goroutine (which ignores it) or on an idle carrier (which drops it);
     * every exchange completes and the run returns.
     */
    @Test
    void carriersInterruptedFromOutsideHarmNobody() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        Thread interrupter = new Thread(() -> {
            while (!done.get()) {
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("jgo-m")) {
                        t.interrupt();
                    }
                }
                Thread.onSpinWait();
            }
        }, "interrupter");
        AtomicInteger sum = new AtomicInteger();
        interrupter.start();
        try {
            Go.run(() -> {
                Go.maxProcs(4);
                WaitGroup wg = new WaitGroup();
                wg.add(8);
                for (int k = 0; k < 4; k++) {
                    Chan<Integer> ping = Chan.make();
                    Chan<Integer> pong = Chan.make();
                    Go.go(() -> {
                        for (int i = 0; i < 2_000; i++) {
                            ping.send(i);
                            sum.addAndGet(pong.recv() - i);
                        }
                        wg.done();
                    });
                    Go.go(() -> {
                        for (int i = 0; i < 2_000; i++) {
                            pong.send(ping.recv() + 1);
                            Go.gosched();
                        }
                        wg.done();
                    });
                }
                wg.await();
            });
            // main ran on a carrier too: an interrupt of its carrier was main's, and Go.run leaves
            // main's status on this thread
            Thread.interrupted();
        } finally {
            done.set(true);
            interrupter.join();
        }
        assertEquals(4 * 2_000, sum.get());
    }

    /** One goroutine runs out of memory while others work; then another run, in the same JVM. */
    public static final class OutOfMemoryInAGoroutine {
        public static void main(String[] args) {
            try {
                Go.run(() -> {
                    Go.maxProcs(4);
                    WaitGroup never = new WaitGroup();
                    never.add(1);
                    for (int k = 0; k < 3; k++) {
                        Go.go(() -> {
                            for (;;) {
                                Go.sleep(Duration.ofMillis(1)); // others keep parking and waking meanwhile
                            }
                        });
                    }
                    Go.go(() -> {
                        List<long[]> hog = new ArrayList<>();
                        for (;;) {
                            hog.add(new long[1 << 17]); // 1 MB at a time, until the heap is full
                        }
                    });
                    never.await();
                });
                System.out.println("run returned");
            } catch (PanicException e) { // the hog's OutOfMemoryError, or another goroutine's, or their report's
                System.out.println("run threw " + (e.getCause() instanceof OutOfMemoryError || e.getMessage().contains("out of memory")
                        ? "for want of memory" : e.toString()));
            }
            AtomicInteger ran = new AtomicInteger();
            Go.run(() -> Go.go(ran::incrementAndGet));
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(100);
                for (int i = 0; i < 100; i++) {
                    Go.go(() -> {
                        ran.incrementAndGet();
                        wg.done();
                    });
                }
                wg.await();
            });
            System.out.println("next run ok: " + (ran.get() >= 100));
        }
    }

    @Test
    void aGoroutineOutOfMemoryEndsTheRunAndTheJvmGoesOn() throws Exception {
        Forked.Result r = Forked.run(dir, withAgent("-Xmx64m", "-XX:+UseParallelGC"), OutOfMemoryInAGoroutine.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("run threw for want of memory"), r.toString());
        assertFalse(r.stderr().contains("Exception in thread \"jgo-"), "a jgo thread died: " + r);
        assertTrue(r.stdout().contains("next run ok: true"), r.toString());
    }

    /**
     * Goroutines are started until the heap runs out, each sleeping for an hour. Whatever fails
     * first (main's next spawn, a carrier's scheduling, the report of either), Go.run must end: the
     * program halts with 42 once it has, since with the heap full even printing may fail.
     */
    public static final class SleepersUntilOutOfMemory {
        public static void main(String[] args) {
            try {
                Go.run(() -> {
                    Go.maxProcs(4);
                    for (;;) {
                        Go.go(() -> Go.sleep(Duration.ofHours(1)));
                    }
                });
            } catch (Throwable t) {
                Runtime.getRuntime().halt(42); // Go.run threw (a panic, or the OutOfMemoryError itself)
            }
            Runtime.getRuntime().halt(43); // Go.run returned
        }
    }

    @Test
    void sleepersThatFillTheHeapEndTheRunInsteadOfHangingIt() throws Exception {
        Forked.Result r = Forked.run(dir, withAgent("-Xmx32m", "-XX:+UseParallelGC"), SleepersUntilOutOfMemory.class);
        assertEquals(42, r.exit(), r.toString());
        assertFalse(r.stderr().contains("Exception in thread \"jgo-"), "a jgo thread died: " + r);
    }

    /**
     * A default-runtime goroutine whose exception is still unwinding when the JVM exits: its outer
     * {@code finally} holds it until the runtime's shutdown hook has started. Its exception is
     * printed all the same: the hook waits for the carriers, as Go waits for a panicking goroutine.
     */
    public static final class PanicAtExit {
        public static void main(String[] args) {
            WaitGroup first = new WaitGroup();
            first.add(1);
            Go.go(() -> {
                try {
                    try {
                        throw new IllegalStateException("unwinding at exit");
                    } finally {
                        first.done();
                    }
                } finally {
                    while (Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("jgo-default-shutdown"))) {
                        Thread.onSpinWait(); // until the JVM exits (main has returned)
                    }
                }
            });
            first.await();
        }
    }

    @Test
    void aPanicStillUnwindingWhenTheJvmExitsIsPrinted() throws Exception {
        Forked.Result r = Forked.run(dir, List.of(), PanicAtExit.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stderr().contains("jgo: panic: java.lang.IllegalStateException: unwinding at exit"), r.toString());
    }

    /**
     * The default runtime with a default uncaught-exception handler that itself throws: a
     * goroutine's exception is printed by jgo, never handed to a dying carrier, and the other
     * goroutines run on the same carriers.
     */
    public static final class FailingHandler {
        public static void main(String[] args) {
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
                throw new IllegalStateException("the handler fails too");
            });
            WaitGroup first = new WaitGroup();
            first.add(1);
            Go.go(() -> {
                try {
                    throw new IllegalStateException("goroutine failed");
                } finally {
                    first.done();
                }
            });
            first.await();
            WaitGroup rest = new WaitGroup();
            rest.add(100);
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 100; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    rest.done();
                });
            }
            rest.await();
            long carriers = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("jgo-default-m")).count();
            System.out.println("others ran: " + ran.get() + ", carriers alive: " + (carriers > 0));
        }
    }

    @Test
    void aFailingUncaughtExceptionHandlerHarmsNoOtherGoroutine() throws Exception {
        Forked.Result r = Forked.run(dir, List.of(), FailingHandler.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("others ran: 100, carriers alive: true"), r.toString());
        assertTrue(r.stderr().contains("jgo: panic: java.lang.IllegalStateException: goroutine failed"), r.toString());
        assertFalse(r.stderr().contains("Exception in thread"), r.toString());
    }
}
