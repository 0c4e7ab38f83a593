package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The main goroutine of {@code Go.run} is an ordinary goroutine: it runs on the carriers, not on
 * the calling thread, so a hand-off with it is a goroutine switch, not a thread hand-off; and it
 * still continues the calling thread's {@code ThreadLocal} values, which {@code Go.run} leaves on
 * that thread as main left them.
 */
@Timeout(60)
class MainGoroutineTest {

    private static final ThreadLocal<String> MDC = new ThreadLocal<>();

    @Test
    void mainTalksToAGoroutineWithoutTheCallingThread() {
        Thread caller = Thread.currentThread();
        Set<Thread> mainRanOn = ConcurrentHashMap.newKeySet();
        Go.run(() -> {
            Go.maxProcs(1);
            Chan<Integer> ping = Chan.make(0);
            Chan<Integer> pong = Chan.make(0);
            Go.go(() -> {
                for (Integer v : ping) {
                    pong.send(v + 1);
                }
            });
            for (int i = 0; i < 200; i++) {
                mainRanOn.add(Thread.currentThread());
                ping.send(i);
                assertEquals(i + 1, pong.recv());
            }
            ping.close();
        });
        assertFalse(mainRanOn.contains(caller), "main ran on the calling thread: " + mainRanOn);
    }

    @Test
    void aValueMainSetsAfterMigratingIsLeftOnACallerThatHadNone() throws Exception {
        AtomicReference<String> after = new AtomicReference<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread caller = new Thread(() -> { // a fresh thread: no ThreadLocal map at all yet
            try {
                Go.run(() -> {
                    Go.maxProcs(2);
                    Chan<Integer> c = Chan.make(0);
                    Go.go(() -> c.send(1));
                    c.recv(); // a park: main may carry on on another carrier
                    MDC.set("set by main");
                });
                after.set(MDC.get());
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        caller.start();
        caller.join();
        assertNull(failed.get());
        assertEquals("set by main", after.get());
    }

    /**
     * Main's stack is a carrier's ({@code -Djgo.stacksize}, 16 MiB by default), not smaller than the
     * caller's: {@code @Goroutine} recursion on main goes as deep as plain Java does on the JVM's
     * default 8 MiB thread (10,000 frames, with a park at the bottom so every frame is saved and
     * restored), and a {@code StackOverflowError} that main catches leaves its stack whole: main parks
     * and resumes afterwards, and the saved frames of the deep recursion come back in order.
     */
    @Test
    void mainRecursesAsDeepAsAThreadAndSurvivesAStackOverflowItCatches() {
        int[] results = new int[3];
        Go.run(() -> {
            Go.maxProcs(2);
            Chan<Integer> c = Chan.make(0);
            Go.go(() -> c.send(7));
            results[0] = sumDown(10_000, c); // parks at the bottom: 10,000 frames unwound and rebuilt
            try {
                overflow(0);
            } catch (StackOverflowError expected) {
                results[1] = 1;
            }
            Go.go(() -> c.send(5));
            results[2] = sumDown(1_000, c);
        });
        assertEquals(10_000 + 7, results[0]);
        assertEquals(1, results[1]);
        assertEquals(1_000 + 5, results[2]);
    }

    /** {@code n} frames down, then a receive that parks; returns n plus the value received. */
    @Goroutine
    private static int sumDown(int n, Chan<Integer> c) {
        if (n == 0) {
            return c.recv();
        }
        return 1 + sumDown(n - 1, c);
    }

    @Goroutine
    private static int overflow(int n) {
        return overflow(n + 1) + 1; // a call that may suspend: every frame is rewritten, none parks
    }
}
