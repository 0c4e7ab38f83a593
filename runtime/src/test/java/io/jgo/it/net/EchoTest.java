package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An echo server and many concurrent clients in one runtime, every byte checked. While every
 * connection sits idle (the server's goroutines parked in {@code IO wait}, the clients' on a
 * channel) the runtime holds no more carriers than GOMAXPROCS and a few, and the heap each idle
 * connection costs is printed. {@code -Djgo.net.echoConns=N} sets the number of connections
 * (default 1,000; 10,000 needs {@code ulimit -n} above 20,400: both ends live in this JVM).
 */
@Timeout(300)
class EchoTest {

    private static final int CONNS = Integer.getInteger("jgo.net.echoConns", 1_000);
    private static final int MSG = 64;

    @Test
    void echoAtOneProc() {
        echo(1, CONNS);
    }

    @Test
    void echoAtTwoProcs() {
        echo(2, CONNS);
    }

    private static void echo(int procs, int conns) {
        requireDescriptors(conns);
        long fdsBefore = openDescriptors();
        AtomicLong checked = new AtomicLong();
        Sched sched = TestRuntimes.withProcs("echo-" + procs, procs);
        Pins.none(() -> sched.runMain(io(() -> {
            long heapBefore = usedHeap();
            Listener l = Net.listen(LOOPBACK);
            WaitGroup served = new WaitGroup();
            served.add(conns);
            Go.go(io(() -> acceptLoop(l, served)));
            WaitGroup connected = new WaitGroup();
            WaitGroup finished = new WaitGroup();
            Chan<Void> release = Chan.make(0);
            connected.add(conns);
            finished.add(conns);
            for (int i = 0; i < conns; i++) {
                int id = i;
                Go.go(io(() -> {
                    try (Conn c = Net.dial(l.address())) {
                        roundTrip(c, id, 0);
                        checked.addAndGet(MSG);
                        connected.done();
                        release.recvOk(); // idle until main has measured
                        roundTrip(c, id, 1);
                        checked.addAndGet(MSG);
                    }
                    finished.done();
                }));
            }
            connected.await();
            int threads = sched.stats().threads;
            long perConn = (usedHeap() - heapBefore) / conns;
            System.err.printf("echo at GOMAXPROCS %d: %,d idle connections, %d threads, ~%,d heap bytes per idle connection"
                    + " (both ends: 2 Conns and their channels, 2 goroutines, the test's buffers)%n",
                    procs, conns, threads, perConn);
            assertTrue(threads <= procs + 8, // a few: M0, the Ms that handoffs started; never one per connection
                     threads + " threads for " + conns + " idle connections at GOMAXPROCS " + procs);
            release.close();
            finished.await();
            served.await(); // every server goroutine closed its end (a goroutine left when main returns is dropped, its socket with it)
            l.close();
        })));
        assertEquals(2L * conns * MSG, checked.get(), "bytes echoed and checked");
        long fdsAfter = openDescriptors();
        assertTrue(fdsAfter <= fdsBefore + 16, "descriptors released: " + fdsBefore + " open before, " + fdsAfter + " after");
    }

    private static long openDescriptors() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.UnixOperatingSystemMXBean
                ? ((com.sun.management.UnixOperatingSystemMXBean) os).getOpenFileDescriptorCount() : 0;
    }

    /** Accepts until the listener closes, one {@link #serve} goroutine per connection; each one done counts on {@code served} (may be null). */
    @Goroutine
    static void acceptLoop(Listener l, WaitGroup served) throws IOException {
        for (;;) {
            Conn c;
            try {
                c = l.accept();
            } catch (ClosedChannelException closed) {
                return;
            }
            Go.go(io(() -> {
                serve(c);
                if (served != null) {
                    served.done();
                }
            }));
        }
    }

    @Goroutine
    static void serve(Conn c) throws IOException {
        try (c) {
            ByteBuffer b = ByteBuffer.allocate(MSG);
            while (c.read(b.clear()) >= 0) {
                c.write(b.flip());
            }
        }
    }

    /** Writes a message only this connection and round would send, reads the echo, checks every byte. */
    @Goroutine
    private static void roundTrip(Conn c, int id, int round) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(MSG);
        for (int k = 0; k < MSG; k++) {
            out.put(expected(id, round, k));
        }
        c.write(out.flip());
        ByteBuffer in = ByteBuffer.allocate(MSG);
        while (in.hasRemaining()) {
            if (c.read(in) < 0) {
                throw new AssertionError("connection " + id + ": end of stream in round " + round);
            }
        }
        for (int k = 0; k < MSG; k++) {
            if (in.get(k) != expected(id, round, k)) {
                throw new AssertionError("connection " + id + ", round " + round + ": byte " + k);
            }
        }
    }

    private static byte expected(int id, int round, int k) {
        return (byte) (id * 31 + round * 7 + k);
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    /** Both ends of every connection live in this JVM: check {@code ulimit -n} before opening them. */
    private static void requireDescriptors(int conns) {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean) {
            var unix = (com.sun.management.UnixOperatingSystemMXBean) os;
            long need = 2L * conns + unix.getOpenFileDescriptorCount() + 64;
            assertTrue(need <= unix.getMaxFileDescriptorCount(), conns + " connections need about " + need
                    + " file descriptors (both ends are in this JVM); ulimit -n is " + unix.getMaxFileDescriptorCount()
                    + ": raise it or lower -Djgo.net.echoConns");
        }
    }
}
