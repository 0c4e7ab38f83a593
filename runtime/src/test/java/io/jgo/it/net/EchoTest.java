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
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An echo server and many concurrent clients in one runtime, every byte checked. While every
 * connection sits idle (the server's goroutines parked in {@code IO wait}, the clients' on a
 * channel) the runtime holds no more carriers than GOMAXPROCS and a few, and the heap each idle
 * connection costs is printed. {@code -Djgo.net.echoConns=N} sets the number of connections
 * (default 1,000). When both ends do not fit in this JVM's descriptor limit ({@code ulimit -n};
 * 10,000 connections need about 20,100 and the hard limit here is 20,000), the clients run in a
 * child JVM ({@link EchoClients}) and this one holds the server's ends only; one test always
 * does so, at a small size, so that path stays tested.
 */
@Timeout(300)
class EchoTest {

    private static final int CONNS = Integer.getInteger("jgo.net.echoConns", 1_000);
    private static final int MSG = 64;
    /** Connections of the test that always puts the clients in a child JVM. */
    private static final int CHILD_CONNS = Integer.getInteger("jgo.net.echoChildConns", 300);

    @Test
    void echoAtOneProc() {
        echo(1, CONNS);
    }

    @Test
    void echoAtTwoProcs() {
        echo(2, CONNS);
    }

    @Test
    void echoAgainstClientsInAnotherJvm() throws Exception {
        echoWithClientsInAChildJvm(2, CHILD_CONNS);
    }

    private static void echo(int procs, int conns) {
        if (!fits(2L * conns)) {
            try {
                echoWithClientsInAChildJvm(procs, conns);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return;
        }
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

    /**
     * The echo with this JVM as the server only: the clients ({@link EchoClients}) run in a child
     * JVM that a plain thread here drives (its pipes are read by that thread, never by a
     * goroutine). The runtime's main goroutine serves, waits until every client connection has
     * made its first round trip and sits idle, counts the threads, reports the heap per idle
     * connection (the server's end only: a Conn, its channel, its goroutine), then lets the clients
     * make their second round.
     */
    private static void echoWithClientsInAChildJvm(int procs, int conns) throws Exception {
        requireDescriptors(conns);
        long fdsBefore = openDescriptors();
        Chan<Integer> listening = Chan.make(1); // main -> driver: the port
        Chan<Boolean> idle = Chan.make(1); // driver -> main: every client connection is open and idle (closed: the child failed)
        Chan<Boolean> measured = Chan.make(1); // main -> driver: let the clients go on
        AtomicLong checked = new AtomicLong();
        AtomicReference<Throwable> driverFailed = new AtomicReference<>();
        Thread driver = new Thread(() -> {
            try {
                checked.set(driveClients(listening.recv(), conns, idle, measured));
            } catch (Throwable t) {
                driverFailed.set(t);
            } finally {
                idle.close();
            }
        }, "echo-clients-driver");
        driver.setDaemon(true);
        driver.start();
        Sched sched = TestRuntimes.withProcs("echo-child-" + procs, procs);
        try {
            Pins.none(() -> sched.runMain(io(() -> {
            long heapBefore = usedHeap();
            try (Listener l = Net.listen(LOOPBACK)) {
                WaitGroup served = new WaitGroup();
                served.add(conns);
                Go.go(io(() -> acceptLoop(l, served)));
                listening.send(((InetSocketAddress) l.address()).getPort());
                if (!idle.recvOk().ok()) {
                    return; // the child failed: the driver says why
                }
                int threads = sched.stats().threads;
                long perConn = (usedHeap() - heapBefore) / conns;
                System.err.printf("echo at GOMAXPROCS %d, clients in a child JVM: %,d idle connections, %d threads,"
                        + " ~%,d heap bytes per idle connection (the server's end: a Conn and its channel, a goroutine, a 64-byte buffer)%n",
                        procs, conns, threads, perConn);
                assertTrue(threads <= procs + 8, threads + " threads for " + conns + " idle connections at GOMAXPROCS " + procs);
                measured.send(true);
                served.await(); // the clients closed: every server goroutine read the end and closed its Conn
            }
            })));
        } finally {
            measured.close(); // a failed server side: the driver ends the child instead of waiting
        }
        driver.join();
        if (driverFailed.get() != null) {
            throw new AssertionError("the client JVM failed", driverFailed.get());
        }
        assertEquals(2L * conns * MSG, checked.get(), "bytes echoed and checked by the clients");
        long fdsAfter = openDescriptors();
        assertTrue(fdsAfter <= fdsBefore + 16, "descriptors released: " + fdsBefore + " open before, " + fdsAfter + " after");
    }

    /** Runs {@link EchoClients} against {@code port}; returns the bytes it checked. A plain thread. */
    private static long driveClients(int port, int conns, Chan<Boolean> idle, Chan<Boolean> measured) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(EchoClients.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        File err = File.createTempFile("jgo-echo-clients-", ".err");
        Process p = new ProcessBuilder(javaBin, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", cp,
                EchoClients.class.getName(), Integer.toString(port), Integer.toString(conns), Integer.toString(MSG))
                .redirectError(err).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
             PrintStream in = new PrintStream(p.getOutputStream(), true, StandardCharsets.US_ASCII)) {
            String line = out.readLine();
            if (line == null || !line.startsWith(EchoClients.IDLE)) {
                throw new AssertionError("the clients said " + line + " instead of " + EchoClients.IDLE + conns + ": " + tail(err, p));
            }
            idle.send(true);
            if (!measured.recvOk().ok()) {
                throw new AssertionError("the server side failed before the second round");
            }
            in.println("go");
            line = out.readLine();
            if (line == null || !line.startsWith(EchoClients.DONE)) {
                throw new AssertionError("the clients said " + line + " instead of " + EchoClients.DONE + ": " + tail(err, p));
            }
            int exit = p.waitFor();
            if (exit != 0) {
                throw new AssertionError("the clients exited with " + exit + ": " + tail(err, p));
            }
            return Long.parseLong(line.substring(EchoClients.DONE.length()).trim());
        } finally {
            p.destroyForcibly();
            err.delete();
        }
    }

    private static String tail(File err, Process p) throws Exception {
        p.waitFor(10, TimeUnit.SECONDS);
        return (p.isAlive() ? "still running" : "exit " + p.exitValue()) + "; stderr: "
                + String.join(" | ", Files.readAllLines(err.toPath()));
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
        return EchoClients.expected(id, round, k);
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    /** Do {@code fds} more descriptors (and a margin) fit under this JVM's limit ({@code ulimit -n})? */
    private static boolean fits(long fds) {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean) {
            var unix = (com.sun.management.UnixOperatingSystemMXBean) os;
            return fds + unix.getOpenFileDescriptorCount() + 64 <= unix.getMaxFileDescriptorCount();
        }
        return true;
    }

    /** The server's ends of {@code conns} connections must fit in this JVM: check {@code ulimit -n} before opening them. */
    private static void requireDescriptors(int conns) {
        var os = ManagementFactory.getOperatingSystemMXBean();
        assertTrue(fits(conns), conns + " connections need about " + conns + " file descriptors more than the "
                + (os instanceof com.sun.management.UnixOperatingSystemMXBean
                        ? ((com.sun.management.UnixOperatingSystemMXBean) os).getOpenFileDescriptorCount() : 0)
                + " open; raise ulimit -n or lower -Djgo.net.echoConns");
    }
}
