package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** WaitGroup works across plain threads and goroutines in both directions (the default runtime, and Go.run). */
@Timeout(60)
class PlainThreadWaitGroupTest {

    @Test
    void plainThreadAwaitsGoroutines() {
        AtomicInteger n = new AtomicInteger();
        WaitGroup wg = new WaitGroup();
        wg.add(500);
        for (int i = 0; i < 500; i++) {
            Go.go(() -> { // default runtime
                n.incrementAndGet();
                wg.done();
            });
        }
        wg.await(); // blocks this plain thread
        assertEquals(500, n.get());
    }

    /** The goroutines really park (unwound, nothing pins) before the plain threads release them. */
    @Test
    void goroutinesAwaitPlainThreads() {
        Pins.none(this::goroutinesParkUntilPlainThreadsRelease);
    }

    private void goroutinesParkUntilPlainThreadsRelease() {
        WaitGroup release = new WaitGroup();
        release.add(4);
        WaitGroup finished = new WaitGroup();
        finished.add(50);
        AtomicInteger after = new AtomicInteger();
        for (int i = 0; i < 50; i++) {
            Go.go(() -> {
                release.await(); // parks the goroutine
                after.incrementAndGet();
                finished.done();
            });
        }
        Pattern parked = Pattern.compile("(?m)^goroutine \\d+ \\[sync\\.WaitGroup\\.Wait\\]:$");
        // From this plain thread, Await polls the default runtime's dump (between polls it yields the thread).
        Await.dumpShows("50 goroutines parked on the WaitGroup", d -> parked.matcher(d).results().count() >= 50);
        assertEquals(0, after.get(), "nothing ran past the WaitGroup before the release");
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(release::done);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            join(t);
        }
        finished.await();
        assertEquals(50, after.get());
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void goRunMainWaitsForAPlainThreadBlockedInAJgoCall() {
        WaitGroup fromMain = new WaitGroup();
        fromMain.add(1);
        WaitGroup back = new WaitGroup();
        back.add(1);
        Thread plain = new Thread(() -> {
            fromMain.await(); // a plain thread inside a jgo call: no deadlock is reported meanwhile
            back.done();
        });
        plain.start();
        Go.run(() -> {
            fromMain.done();
            back.await();
        });
    }
}
