package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.Goroutine;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a goroutine sees of a {@code java.net.Socket} made in rewritten code, next to what a thread
 * sees of the JDK's: it parks ({@code IO wait} in the dump, no pin) in a read or an accept; a
 * {@code soTimeout} ends a read or accept with {@code SocketTimeoutException} and the socket stays
 * usable; a close from another thread wakes a parked read with {@code SocketException("Socket
 * closed")}; half-close gives the peer its end of stream and the reader {@code -1}/{@code null};
 * an interrupt wakes a parked read, whose call then fails as a channel-backed socket's does; a plain
 * thread reading the same socket and decorators blocks and reads as without jgo.
 */
@Timeout(120)
class SocketStreamsBehaviourTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Goroutine
    static String readLine(Socket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
    }

    @Goroutine
    static int readByte(InputStream in) throws IOException {
        return in.read();
    }

    @Goroutine
    static Socket connect(int port) throws IOException {
        return new Socket(LOOPBACK, port);
    }

    @Goroutine
    static ServerSocket listen() throws IOException {
        return new ServerSocket(0, 50, LOOPBACK);
    }

    @Goroutine
    static Socket acceptOne(ServerSocket l) throws IOException {
        return l.accept();
    }

    @Goroutine
    static InputStream inputOf(Socket s) throws IOException {
        return s.getInputStream();
    }

    /** A read that must time out (a lambda given to assertThrows would run in JUnit's frame, and pin). */
    @Goroutine
    static String timesOut(InputStream in) throws IOException {
        try {
            return "read " + in.read();
        } catch (SocketTimeoutException e) {
            return e.getMessage();
        }
    }

    @Goroutine
    static String intTimesOut(DataInputStream in) throws IOException {
        try {
            return "read " + in.readInt();
        } catch (SocketTimeoutException e) {
            return e.getMessage();
        }
    }

    private static int parkedInRead(String dump) {
        return Dumps.parkedIn(dump, "IO wait", "ChannelCalls.read");
    }

    @Test
    void aTimedReadEndsWithSocketTimeoutExceptionAndTheSocketStaysUsable() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            Pins.none(() -> SocketBody.run("socket-timeout", 4, () -> {
                try (Socket s = connect(l.getLocalPort()); Socket peer = l.accept()) {
                    assertNotNull(s.getChannel(), "rewritten code's new Socket is channel-backed");
                    s.setSoTimeout(200);
                    InputStream in = inputOf(s);
                    assertEquals("Read timed out", timesOut(in));
                    assertTrue(!s.isClosed(), "a timeout leaves the socket open");
                    peer.getOutputStream().write(new byte[] {7, 8});
                    assertEquals(7, readByte(in), "the socket is usable after a timeout");
                    DataInputStream data = new DataInputStream(in);
                    assertEquals(8, data.readUnsignedByte());
                    assertEquals("Read timed out", intTimesOut(data)); // the next one times out too
                    s.setSoTimeout(0);
                    peer.getOutputStream().write(new byte[] {0, 0, 1, 2});
                    assertEquals(258, data.readInt());
                }
            }));
        }
    }

    @Goroutine
    static String refused(int port) {
        try (Socket s = new Socket(LOOPBACK, port)) {
            return "connected to " + s;
        } catch (IOException e) {
            return e.getClass().getName();
        }
    }

    @Test
    void aRefusedConnectThrowsTheJdksException() throws Exception {
        int closedPort;
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            closedPort = l.getLocalPort();
        }
        String jdk;
        try (Socket s = new Socket(LOOPBACK, closedPort)) {
            jdk = "connected to " + s;
        } catch (IOException e) {
            jdk = e.getClass().getName();
        }
        assertEquals("java.net.ConnectException", jdk);
        AtomicReference<String> mine = new AtomicReference<>();
        Pins.none(() -> SocketBody.run("socket-refused", 4, () -> mine.set(refused(closedPort))));
        assertEquals(jdk, mine.get());
    }

    @Test
    void aCloseFromAnotherThreadWakesAParkedReadWithTheJdksException() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            AtomicReference<Object> outcome = new AtomicReference<>();
            Pins.none(() -> SocketBody.run("socket-close", 4, () -> {
                Socket s = connect(l.getLocalPort());
                try (Socket peer = l.accept()) {
                    Chan<Object> done = Chan.make(1);
                    Go.go(() -> {
                        try {
                            done.send(String.valueOf(readLine(s)));
                        } catch (IOException e) {
                            done.send(e);
                        }
                    });
                    Await.dumpShows("the read in IO wait", d -> parkedInRead(d) == 1);
                    Thread closer = new Thread(() -> {
                        try {
                            s.close();
                        } catch (IOException e) {
                            outcome.set(e);
                        }
                    });
                    closer.start();
                    closer.join();
                    outcome.set(done.recv());
                    assertEquals(-1, peer.getInputStream().read(), "the peer sees the close");
                }
            }));
            Object got = outcome.get();
            assertEquals(SocketException.class, got.getClass(), String.valueOf(got));
            assertEquals("Socket closed", ((SocketException) got).getMessage());
        }
    }

    @Test
    void halfCloseGivesThePeerItsEndOfStreamBothWays() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            Pins.none(() -> SocketBody.run("socket-half-close", 4, () -> {
                try (Socket s = connect(l.getLocalPort()); Socket peer = l.accept()) {
                    OutputStream out = s.getOutputStream();
                    out.write("request\n".getBytes(StandardCharsets.UTF_8));
                    s.shutdownOutput();
                    BufferedReader peerIn = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
                    assertEquals("request", peerIn.readLine());
                    assertNull(peerIn.readLine(), "the peer sees the end of stream after shutdownOutput");
                    Chan<Object> got = Chan.make(1);
                    BufferedReader mine = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    Go.go(() -> {
                        try {
                            String first = mine.readLine();
                            String second = mine.readLine();
                            got.send(first + "|" + second);
                        } catch (IOException e) {
                            got.send(e);
                        }
                    });
                    Await.dumpShows("the reader in IO wait", d -> parkedInRead(d) == 1);
                    peer.getOutputStream().write("answer\n".getBytes(StandardCharsets.UTF_8));
                    peer.shutdownOutput();
                    assertEquals("answer|null", got.recv(), "the line, then the end of stream");
                    assertEquals(-1, readByte(s.getInputStream()), "still the end of stream");
                }
            }));
        }
    }

    @Test
    void anInterruptWakesAParkedReadWhoseCallThenFailsAsAChannelSocketsDoes() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            AtomicReference<Object> seen = new AtomicReference<>();
            AtomicReference<Socket> socket = new AtomicReference<>();
            Pins.none(() -> SocketBody.run("socket-interrupt", 4, () -> {
                Socket s = connect(l.getLocalPort());
                socket.set(s);
                try (Socket peer = l.accept(); GoExecutorService ex = Go.executor()) {
                    Future<Object> f = ex.submit(() -> {
                        try {
                            Object n = readByte(inputOf(s));
                            seen.set(n);
                            return n;
                        } catch (IOException e) {
                            seen.set(e);
                            return e;
                        }
                    });
                    Await.dumpShows("the task's read in IO wait", d -> parkedInRead(d) == 1);
                    assertTrue(f.cancel(true)); // interrupts the task's goroutine
                }
            }));
            Await.until("the read saw the interrupt", () -> seen.get() != null, () -> "");
            assertEquals(ClosedByInterruptException.class, seen.get().getClass(), String.valueOf(seen.get()));
            assertTrue(socket.get().isClosed(), "the interrupted call closed the socket, as the JDK's channel does");
        }
    }

    @Test
    void anAcceptParksItsSocketIsChannelBackedAndATimedAcceptTimesOut() {
        Pins.none(() -> SocketBody.run("socket-accept", 4, () -> {
            try (ServerSocket l = listen()) {
                assertNotNull(l.getChannel(), "rewritten code's new ServerSocket is channel-backed");
                Chan<Object> accepted = Chan.make(1);
                Go.go(() -> {
                    try (Socket s = acceptOne(l)) {
                        accepted.send(s.getChannel() == null ? "not channel-backed" : readLine(s));
                    } catch (IOException e) {
                        accepted.send(e);
                    }
                });
                Await.dumpShows("the accept in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.accept") == 1);
                AtomicReference<Throwable> client = new AtomicReference<>();
                Thread t = new Thread(() -> {
                    try (Socket c = new Socket(LOOPBACK, l.getLocalPort())) {
                        c.getOutputStream().write("hi\n".getBytes(StandardCharsets.UTF_8));
                        c.getInputStream().read(); // until the goroutine closes its end
                    } catch (IOException e) {
                        client.set(e);
                    }
                });
                t.start();
                assertEquals("hi", accepted.recv());
                t.join();
                l.setSoTimeout(100);
                try {
                    acceptOne(l).close();
                    throw new AssertionError("a timed accept returned a socket");
                } catch (SocketTimeoutException e) {
                    assertTrue(!l.isClosed(), "a timed-out listener stays open: " + e);
                }
            }
        }));
    }

    @Test
    void aPlainThreadReadsAGoroutinesSocketAndDecoratorsAsWithoutJgo() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            AtomicReference<Object> plain = new AtomicReference<>();
            Pins.none(() -> SocketBody.run("socket-plain-thread", 4, () -> {
                try (Socket s = connect(l.getLocalPort()); Socket peer = l.accept()) {
                    BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    Thread t = new Thread(() -> {
                        try {
                            s.setSoTimeout(100);
                            try {
                                r.readLine();
                                plain.set("no timeout");
                                return;
                            } catch (SocketTimeoutException expected) {
                                // the JDK's timed read, on a plain thread
                            }
                            s.setSoTimeout(0);
                            plain.set(r.readLine()); // blocks its thread until the line comes
                        } catch (IOException e) {
                            plain.set(e);
                        }
                    }, "plain-reader");
                    t.start();
                    Await.until("the plain thread blocked in its second read", () -> t.getState() == Thread.State.RUNNABLE
                            && java.util.Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals("read"))
                            && plain.get() == null && s.isConnected(), t::toString);
                    Thread.sleep(300); // past the plain thread's timed read (nothing to wait for on a goroutine's side)
                    peer.getOutputStream().write("from the peer\n".getBytes(StandardCharsets.UTF_8));
                    t.join();
                }
            }));
            assertEquals("from the peer", plain.get());
        }
    }
}
