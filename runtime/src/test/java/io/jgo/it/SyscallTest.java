package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Go.syscall} as Go's entersyscall/exitsyscall, with the real sysmon: goroutines blocked in
 * syscalls lose their P to sysmon's retake, so they never stop the others from running.
 */
@Timeout(120)
class SyscallTest {

    /**
     * GOMAXPROCS 1: 100 goroutines block in a syscall on a latch that only a CPU-bound goroutine
     * releases, once it has finished. Each blocked syscall's P is retaken and handed on, so the
     * CPU-bound goroutine gets to run; then every blocked one completes.
     */
    @Test
    void blockedSyscallsDoNotStopACpuBoundGoroutine() {
        AtomicInteger completed = new AtomicInteger();
        AtomicLong result = new AtomicLong();
        Go.run(() -> {
            Go.maxProcs(1);
            CountDownLatch release = new CountDownLatch(1);
            WaitGroup wg = new WaitGroup();
            wg.add(101);
            for (int i = 0; i < 100; i++) {
                Go.go(() -> {
                    try {
                        Go.syscall(() -> {
                            release.await();
                            return null;
                        });
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    completed.incrementAndGet();
                    wg.done();
                });
            }
            Go.go(() -> {
                long x = 0;
                for (int i = 0; i < 20_000_000; i++) {
                    x = x * 31 + i;
                }
                result.set(x);
                release.countDown();
                wg.done();
            });
            wg.await();
        });
        assertEquals(100, completed.get());
        assertEquals(expected(), result.get());
    }

    /** A syscall that returns at once hands back its result and the goroutine carries on with its P. */
    @Test
    void shortSyscallsReturnTheirValue() throws Exception {
        long[] sum = new long[1];
        Go.run(() -> {
            for (int i = 0; i < 10_000; i++) {
                int v = i;
                try {
                    sum[0] += Go.syscall(() -> v);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertEquals(10_000L * 9_999 / 2, sum[0]);
    }

    /**
     * {@code Thread.sleep} inside a syscall's body: the rewrite turns it into a goroutine sleep,
     * which must not park a goroutine that is in a syscall (its carrier is the one blocking, by
     * design); it sleeps the thread instead, and the syscall returns its value (it threw "status is
     * running, expected syscall" when the parked goroutine came back).
     */
    @Test
    void aSleepInsideASyscallBlocksItsCarrierAndTheSyscallReturns() {
        AtomicLong sum = new AtomicLong();
        AtomicInteger failed = new AtomicInteger();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(8);
            for (int i = 0; i < 8; i++) {
                int v = i;
                Go.go(() -> {
                    try {
                        sum.addAndGet(Go.syscall(() -> {
                            Thread.sleep(1);
                            return v;
                        }));
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        e.printStackTrace();
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(0, failed.get(), "a syscall threw");
        assertEquals(28, sum.get());
    }

    private static long expected() {
        long x = 0;
        for (int i = 0; i < 20_000_000; i++) {
            x = x * 31 + i;
        }
        return x;
    }

    /** A lambda's checked exception stays precise: syscall throws what the call throws, the same object. */
    @Test
    void aCheckedExceptionOfTheCallIsRethrownUnchangedAndTyped() {
        IOException thrown = new IOException("disk on fire");
        Go.run(() -> {
            try {
                Go.syscall(() -> {
                    throw thrown;
                });
            } catch (IOException e) { // compiles only because syscall declares exactly IOException here
                assertSame(thrown, e);
                return;
            }
            throw new AssertionError("the call's exception was lost");
        });
        assertEquals(3, (int) Go.syscall(() -> 3)); // nothing checked: no try needed
    }
}
