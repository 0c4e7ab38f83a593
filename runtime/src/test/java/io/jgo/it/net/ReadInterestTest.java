package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.poll.TestPolls;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine reading in a loop keeps its read interest armed (issue 29: no interest-op churn per
 * read, no selector wake-up per park). GOMAXPROCS 1, the P kept busy by a spinner, so the reader is
 * readied by sysmon's non-blocking poll (no M is idle to block in the poll; no preemption); a plain-thread peer
 * sends one byte per round only when the reader has taken the last. Each re-arm needs a drop
 * before it, and the only drop of a read interest is a fire with nobody waiting (and no woken
 * reader on its way back, or in a blocking poll): so the reader sets its interest once, plus once
 * per such drop, never once per read as a one-shot interest would make it.
 */
@Timeout(60)
class ReadInterestTest {

    private static final int ROUNDS = 20;

    @Test
    void aReadLoopSetsItsReadInterestOncePlusOncePerDrop() throws Exception {
        Sched sched = TestRuntimes.withProcs("read-interest", 1, false);
        AtomicInteger taken = new AtomicInteger();
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<int[]> counts = new AtomicReference<>();
        CompletableFuture<SocketChannel> peer = new CompletableFuture<>();
        Pins.none(() -> sched.runMain(io(() -> {
            try (Listener l = Net.listen(LOOPBACK)) {
                Thread dialer = new Thread(() -> {
                    try {
                        SocketChannel p = SocketChannel.open(l.address()); // a plain thread, blocking: not the runtime's
                        peer.complete(p);
                        for (int i = 1; i <= ROUNDS; i++) {
                            p.write(ByteBuffer.wrap(new byte[] {(byte) i}));
                            int round = i;
                            Await.until("the reader took byte " + round, () -> taken.get() == round, sched::dump);
                        }
                    } catch (java.io.IOException e) {
                        peer.completeExceptionally(e);
                    }
                }, "read-interest-peer");
                dialer.start();
                Conn s = l.accept();
                WaitGroup wg = new WaitGroup();
                wg.add(2);
                Go.go(() -> { // keeps the only P busy; lets a readied reader run at once
                    while (!done.get()) {
                        if (TestRuntimes.globalQueueSize(sched) > 0) {
                            Go.gosched();
                        }
                    }
                    wg.done();
                });
                Go.go(io(() -> {
                    ByteBuffer b = ByteBuffer.allocate(1);
                    for (int i = 1; i <= ROUNDS; i++) {
                        b.clear();
                        assertEquals(1, s.read(b));
                        assertEquals((byte) i, b.get(0));
                        taken.set(i);
                    }
                    try {
                        counts.set(TestPolls.readInterestCounts(s));
                    } catch (ReflectiveOperationException e) {
                        throw new AssertionError(e);
                    }
                    done.set(true);
                    wg.done();
                }));
                wg.await();
                s.close();
            }
        })));
        peer.join().close();
        int[] c = counts.get();
        System.err.println("ReadInterestTest: " + ROUNDS + " reads, interest set " + c[0] + " times, dropped " + c[1] + " times");
        int rearms = c[0];
        int drops = c[1];
        assertTrue(rearms <= 1 + drops, "read interest set " + rearms + " times over " + ROUNDS
                + " reads, with only " + drops + " drops (" + Arrays.toString(c) + ")");
    }
}
