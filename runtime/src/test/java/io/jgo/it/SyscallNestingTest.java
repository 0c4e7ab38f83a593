package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a goroutine does inside {@code Go.syscall} composes with the syscall: {@code Thread.sleep}
 * (which the rewrite turns into a goroutine sleep), {@code Go.sleep}, a wrapped blocking JDK call,
 * a channel receive (a park) and a nested {@code Go.syscall} all work there, and the goroutine
 * carries on normally afterwards (it parks, yields and spawns). Each case runs in several
 * goroutines at GOMAXPROCS 4, so the syscall's P is retaken and handed on meanwhile.
 */
@Timeout(60)
class SyscallNestingTest {

    private static final int GOROUTINES = 8;

    /** Runs {@code body} in each of {@link #GOROUTINES} goroutines, then a park and a yield in each. */
    private static void inGoroutines(Body body) {
        AtomicInteger done = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            wg.add(GOROUTINES);
            for (int i = 0; i < GOROUTINES; i++) {
                Go.go(() -> {
                    try {
                        body.run();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    Chan<Integer> c = Chan.make();
                    Go.go(() -> c.send(1));
                    c.recv(); // parks after the syscall: its status is a goroutine's again
                    Go.gosched();
                    done.incrementAndGet();
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(GOROUTINES, done.get());
    }

    interface Body {
        void run() throws Exception;
    }

    @Test
    void threadSleepInsideASyscall() {
        inGoroutines(() -> Go.syscall(() -> {
            Thread.sleep(5);
            return null;
        }));
    }

    @Test
    void goSleepInsideASyscall() {
        inGoroutines(() -> Go.syscall(() -> {
            Go.sleep(Duration.ofMillis(5));
            return null;
        }));
    }

    @Test
    void aWrappedBlockingCallInsideASyscall() {
        inGoroutines(() -> Go.syscall(() -> {
            CountDownLatch open = new CountDownLatch(0);
            open.await();
            return null;
        }));
    }

    @Test
    void aSyscallInsideASyscall() {
        inGoroutines(() -> assertEquals(7, (int) Go.syscall(() -> Go.syscall(() -> {
            Thread.sleep(1);
            return 7;
        }))));
    }

    @Test
    void aChannelReceiveInsideASyscall() {
        inGoroutines(() -> {
            Chan<String> c = Chan.make();
            Go.go(() -> {
                Go.sleep(Duration.ofMillis(2));
                c.send("late");
            });
            assertEquals("late", Go.syscall(c::recv));
        });
    }

    @Test
    void aSyscallInsideAWrappedBlockingCallsCallback() throws Exception {
        inGoroutines(() -> {
            Thread.sleep(1); // a wrapped call first, then a syscall: the two leave no state behind
            Go.syscall(() -> {
                Thread.sleep(1);
                return null;
            });
            Thread.sleep(1);
        });
    }
}
