package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** WaitGroup works across plain threads and goroutines in both directions. */
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

    @Test
    void goroutinesAwaitPlainThreads() throws Exception {
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
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(release::done);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        finished.await();
        assertEquals(50, after.get());
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
