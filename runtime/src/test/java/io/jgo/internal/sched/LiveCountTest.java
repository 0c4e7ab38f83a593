package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.testing.Await;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live-goroutine count ({@code Go.numGoroutine}) is kept per P: a goroutine started or ended
 * on a P changes that P's share only, so no line is written by every P on every spawn and end (the
 * shared {@code LongAdder} it replaced took 18 % of spawn-join's CPU samples at p 2). The shared
 * part counts only what happens without a P; the sum stays exact once the Ps are quiet, across Ps
 * and across a GOMAXPROCS shrink (a retired P keeps its share). Counts, not times.
 */
@Timeout(60)
class LiveCountTest {

    private static final int CHILDREN = 1_000;
    private static final int GRANDCHILDREN = 10;

    @Test
    void spawnsAndEndsOnPsLeaveTheSharedCountAlone() throws InterruptedException {
        Sched s = new Sched(new Config().maxProcs(4).sysmon(false).name("live-count"));
        try {
            CountDownLatch ended = new CountDownLatch(1 + CHILDREN * (1 + GRANDCHILDREN));
            s.newproc(() -> { // from this plain thread: the one spawn without a P
                for (int i = 0; i < CHILDREN; i++) {
                    s.newproc(() -> { // from a goroutine: on its P
                        for (int j = 0; j < GRANDCHILDREN; j++) {
                            s.newproc(ended::countDown);
                        }
                        ended.countDown();
                    });
                }
                ended.countDown();
            });
            assertEquals(true, ended.await(30, TimeUnit.SECONDS), "every goroutine ran");
            Await.until("every goroutine ended", () -> s.numGoroutine() == 0, () -> s.stats().toString());

            assertEquals(1, s.liveOffP.get(), "only the spawn from a plain thread wrote the shared count; "
                    + (CHILDREN * (1 + GRANDCHILDREN)) + " spawns and every end happened on Ps");
            long onPs = 0;
            for (P pp : s.procs.all()) {
                onPs += pp.liveAcquire();
            }
            assertEquals(-1, onPs, "the Ps' shares: every spawn on them ended there, and the first goroutine too");
        } finally {
            s.shutdown();
        }
    }

    @Test
    void theCountStaysExactAcrossAShrink() throws InterruptedException {
        Sched s = new Sched(new Config().maxProcs(4).sysmon(false).name("live-count-shrink"));
        try {
            CountDownLatch ended = new CountDownLatch(CHILDREN);
            for (int round = 0; round < 4; round++) { // several waves, so the Ps past 1 take part
                CountDownLatch wave = new CountDownLatch(CHILDREN / 4);
                s.newproc(() -> {
                    for (int i = 0; i < CHILDREN / 4; i++) {
                        s.newproc(() -> {
                            wave.countDown();
                            ended.countDown();
                        });
                    }
                });
                assertEquals(true, wave.await(30, TimeUnit.SECONDS), "the wave ran");
            }
            assertEquals(true, ended.await(30, TimeUnit.SECONDS), "every goroutine ran");
            Await.until("every goroutine ended", () -> s.numGoroutine() == 0, () -> s.stats().toString());
            s.maxProcs(1); // Ps 1-3 retire with whatever shares they hold
            assertEquals(0, s.numGoroutine(), "retired Ps keep their shares in the sum");
            CountDownLatch after = new CountDownLatch(1);
            s.newproc(after::countDown);
            assertEquals(true, after.await(30, TimeUnit.SECONDS), "a goroutine ran after the shrink");
            Await.until("it ended", () -> s.numGoroutine() == 0, () -> s.stats().toString());
        } finally {
            s.shutdown();
        }
    }
}
