package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static io.jgo.it.net.NetTests.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The poller is part of the scheduler, as in Go, read back from the scheduler's trace: a goroutine
 * the network readies enters the run queues through the poll's injected batch (Go's
 * {@code injectglist}), and sysmon polls when every P is busy and nobody else polls.
 */
@Timeout(60)
class NetpollSchedulingTest {

    @Test
    void goroutinesReadiedByThePollerRunThroughTheInjectedBatch() {
        TraceRecorder rec = new TraceRecorder();
        ConcurrentLinkedQueue<Long> readers = new ConcurrentLinkedQueue<>();
        Sched sched = TestRuntimes.traced("netpoll-inject", 2, rec);
        Pins.none(() -> sched.runMain(io(() -> {
            try (Listener l = Net.listen(LOOPBACK)) {
                List<Conn> clients = new ArrayList<>();
                WaitGroup wg = new WaitGroup();
                wg.add(3);
                for (int i = 0; i < 3; i++) {
                    Conn c = Net.dial(l.address());
                    Conn s = l.accept();
                    clients.add(c);
                    Go.go(io(() -> {
                        readers.add(Sched.currentG().id());
                        ByteBuffer b = ByteBuffer.allocate(5);
                        while (b.hasRemaining()) {
                            s.read(b);
                        }
                        assertEquals("hello", ascii(b));
                        s.close();
                        wg.done();
                    }));
                }
                Await.dumpShows("three readers in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == 3);
                for (Conn c : clients) {
                    c.write(ascii("hello"));
                }
                wg.await();
                for (Conn c : clients) {
                    c.close();
                }
            }
        })));
        List<TraceRecorder.Rec> all = new ArrayList<>(rec.events);
        for (long g : readers) {
            int park = lastIndexOf(all, Trace.Event.GO_PARK, g);
            assertTrue(park >= 0, "reader " + g + " parked: " + all);
            int woke = -1;
            for (int i = park + 1; i < all.size() && woke < 0; i++) {
                TraceRecorder.Rec r = all.get(i);
                if (r.g == g && (r.e == Trace.Event.INJECT || r.e == Trace.Event.GO_READY)) {
                    woke = i;
                }
            }
            assertTrue(woke > park, "reader " + g + " was readied after its park");
            TraceRecorder.Rec w = all.get(woke);
            assertTrue(w.e == Trace.Event.INJECT || w.n == 2,
                    "reader " + g + " readied by the poll (an injected batch, or the one findRunnable's poll runs at once), not by "
                            + w);
            assertTrue(indexBefore(all, woke, Trace.Event.NETPOLL) >= 0, "a NETPOLL event comes before " + w);
            assertTrue(indexAfter(all, woke, Trace.Event.EXECUTE, g) > woke, "reader " + g + " ran after it was readied");
        }
        assertEquals(3, readers.size());
    }

    /**
     * GOMAXPROCS 1, no preemption: the main goroutine parks on a read and a spinning goroutine holds
     * the only P; no M is idle, so nothing polls but sysmon, which must, once 10 ms have passed
     * without a poll, inject main into the global queue (the spinner yields once it sees it there).
     */
    @Test
    void sysmonPollsWhenEveryPIsBusy() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        Sched sched = TestRuntimes.tracedWithoutPreemption("netpoll-sysmon", 1, rec);
        AtomicLong mainId = new AtomicLong();
        AtomicBoolean spinning = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        try (ServerSocketChannel peerServer = ServerSocketChannel.open().bind(LOOPBACK)) {
            CompletableFuture<SocketChannel> peer = CompletableFuture.supplyAsync(() -> {
                try {
                    SocketChannel p = peerServer.accept();
                    Await.until("main in IO wait while the spinner holds the P",
                            () -> spinning.get() && sched.dump().contains("[IO wait"), sched::dump);
                    p.write(ascii("x"));
                    return p;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Pins.none(() -> sched.runMain(io(() -> {
                mainId.set(Sched.currentG().id());
                try (Conn c = Net.dial(peerServer.getLocalAddress())) {
                    Go.go(() -> {
                        spinning.set(true);
                        while (!done.get()) {
                            if (TestRuntimes.globalQueueSize(sched) > 0) {
                                Go.gosched(); // main was injected: let it run
                            }
                        }
                    });
                    ByteBuffer b = ByteBuffer.allocate(1);
                    assertEquals(1, c.read(b));
                    done.set(true);
                }
            })));
            peer.join().close();
        }
        List<TraceRecorder.Rec> all = new ArrayList<>(rec.events);
        int park = lastIndexOf(all, Trace.Event.GO_PARK, mainId.get());
        int inject = indexAfter(all, park, Trace.Event.INJECT, mainId.get());
        assertTrue(inject > park, "main was injected after its read parked: " + all.subList(Math.max(0, park), all.size()));
        TraceRecorder.Rec poll = all.get(indexBefore(all, inject, Trace.Event.NETPOLL));
        assertEquals(2, poll.victim, "the poll that readied main was sysmon's: " + poll);
        assertEquals(-1, all.get(inject).p, "sysmon holds no P: main went to the global queue");
    }

    private static int lastIndexOf(List<TraceRecorder.Rec> all, Trace.Event e, long g) {
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).e == e && all.get(i).g == g) {
                return i;
            }
        }
        return -1;
    }

    private static int indexAfter(List<TraceRecorder.Rec> all, int from, Trace.Event e, long g) {
        for (int i = from + 1; i < all.size(); i++) {
            if (all.get(i).e == e && all.get(i).g == g) {
                return i;
            }
        }
        return -1;
    }

    private static int indexBefore(List<TraceRecorder.Rec> all, int before, Trace.Event e) {
        for (int i = before - 1; i >= 0; i--) {
            if (all.get(i).e == e) {
                return i;
            }
        }
        return -1;
    }
}
