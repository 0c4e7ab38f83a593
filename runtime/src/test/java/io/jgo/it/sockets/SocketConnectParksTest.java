package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Socket.connect} on a {@code new Socket()} (the way JDBC drivers connect) in a goroutine:
 * it waits on the poller for the connect ({@code OP_CONNECT}), no carrier held, with the JDK's
 * outcomes. The peer is a listener whose accept queue is full (backlog 1, never accepting), so the
 * kernel drops further handshakes and a connect waits until its timeout: 200 goroutines doing that
 * all end with {@code SocketTimeoutException("Connect timed out")}, as a thread with the JDK's
 * socket does, the sockets closed, with at most 64 extra threads at peak (as a syscall each held a
 * carrier: some 200 threads). A refused connect throws the JDK's {@code ConnectException}; a close
 * from another goroutine wakes a waiting connect with {@code SocketException("Socket closed")}.
 */
@Timeout(120)
class SocketConnectParksTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int GOROUTINES = 200;
    private static final int MAX_EXTRA_THREADS = 64;

    /** A connect's outcome: "connected", or the exception's class and message, and whether the socket is closed. */
    @Goroutine
    static String connectOutcome(InetSocketAddress to, int timeout) {
        Socket s = new Socket();
        try {
            s.connect(to, timeout);
            return "connected";
        } catch (IOException e) {
            return e.getClass().getName() + ": " + e.getMessage() + ", closed " + s.isClosed();
        } finally {
            try {
                s.close();
            } catch (IOException ignored) {
                // outcome already taken
            }
        }
    }

    /** A listener whose accept queue is full: the connects it got fill it, and it never accepts. */
    static List<Socket> fill(ServerSocket full) {
        List<Socket> fillers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Socket s = new Socket();
            try {
                s.connect(full.getLocalSocketAddress(), 300);
                fillers.add(s);
            } catch (IOException e) {
                break; // the queue is full
            }
        }
        return fillers;
    }

    @Test
    void twoHundredGoroutinesWaitingInConnectTimeOutAsTheJdkWithAtMost64ExtraThreads() throws Exception {
        try (ServerSocket full = new ServerSocket(0, 1, LOOPBACK)) {
            List<Socket> fillers = fill(full);
            InetSocketAddress to = (InetSocketAddress) full.getLocalSocketAddress();
            String jdk;
            try (Socket s = new Socket()) { // a plain thread, outside rewritten code: the JDK's socket
                s.connect(to, 500);
                jdk = "connected";
            } catch (IOException e) {
                jdk = e.getClass().getName() + ": " + e.getMessage() + ", closed true";
            }
            assertEquals("java.net.SocketTimeoutException: Connect timed out, closed true", jdk,
                    "the full listener makes a connect wait (" + fillers.size() + " connects fill it)");
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            Map<String, Integer> outcomes = new ConcurrentHashMap<>();
            int baseline = mx.getThreadCount();
            mx.resetPeakThreadCount();
            Sched sched = TestRuntimes.withProcs("socket-connect", 4);
            Pins.none(() -> sched.runMain(() -> {
                WaitGroup done = new WaitGroup();
                done.add(GOROUTINES);
                for (int i = 0; i < GOROUTINES; i++) {
                    Go.go(() -> {
                        try {
                            outcomes.merge(connectOutcome(to, 1500), 1, Integer::sum);
                        } finally {
                            done.done();
                        }
                    });
                }
                done.await();
            }));
            int extra = mx.getPeakThreadCount() - baseline;
            for (Socket f : fillers) {
                f.close();
            }
            assertEquals(Map.of(jdk, GOROUTINES), outcomes);
            System.err.println("SocketConnectParksTest: peak extra threads " + extra + " (loaded machine)");
            assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + GOROUTINES
                    + " goroutines waiting in Socket.connect (at most " + MAX_EXTRA_THREADS + ")");
        }
    }

    @Test
    void aRefusedConnectThrowsTheJdksException() throws Exception {
        InetSocketAddress closed;
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            closed = (InetSocketAddress) l.getLocalSocketAddress();
        }
        String jdk;
        try (Socket s = new Socket()) {
            s.connect(closed, 1000);
            jdk = "connected";
        } catch (IOException e) {
            jdk = e.getClass().getName() + ", closed true";
        }
        AtomicReference<String> mine = new AtomicReference<>();
        InetSocketAddress to = closed;
        Pins.none(() -> SocketBody.run("socket-connect-refused", 4, () -> {
            String o = connectOutcome(to, 1000);
            mine.set(o.substring(0, o.indexOf(':')) + o.substring(o.lastIndexOf(',')));
        }));
        assertEquals("java.net.ConnectException, closed true", jdk);
        assertEquals(jdk, mine.get());
    }

    @Test
    void aCloseFromAnotherGoroutineWakesAWaitingConnect() throws Exception {
        try (ServerSocket full = new ServerSocket(0, 1, LOOPBACK)) {
            List<Socket> fillers = fill(full);
            AtomicReference<String> got = new AtomicReference<>();
            Pins.none(() -> SocketBody.run("socket-connect-close", 4, () -> {
                Socket s = new Socket();
                Chan<String> done = Chan.make(1);
                Go.go(() -> {
                    try {
                        s.connect(full.getLocalSocketAddress());
                        done.send("connected");
                    } catch (IOException e) {
                        done.send(e.getClass().getName() + ": " + e.getMessage());
                    }
                });
                Await.dumpShows("the connect in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.finishConnect") == 1);
                s.close();
                got.set(done.recv());
            }));
            for (Socket f : fillers) {
                f.close();
            }
            assertEquals("java.net.SocketException: Socket closed", got.get());
        }
    }
}
