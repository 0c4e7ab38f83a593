package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.Goroutine;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What wakes a goroutine parked in a write to jgo's {@code SSLSocket} on a full send buffer (its
 * peer makes the handshake and then reads nothing), at GOMAXPROCS 4. A close from another goroutine
 * wakes it with {@code SocketException("Socket closed")}, the JDK's plain socket's answer
 * ({@link SocketWritesParkTest}; the JDK's {@code SSLSocket.close} would instead wait for the writer,
 * until the peer reads); a {@code shutdownOutput} with {@code SocketException("Socket output is
 * shutdown")}, the socket left open; an interrupt with the channel socket's
 * {@code ClosedByInterruptException}, the socket closed. Neither close nor {@code shutdownOutput}
 * waits for the write lock the parked writer holds.
 */
@Timeout(120)
class TlsWriteWakeupsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    /** Writes until the write fails; answers the failure. */
    @Goroutine
    static IOException writeUntilFailure(Socket s) {
        try {
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            byte[] chunk = new byte[50_000];
            while (true) {
                out.write(chunk);
            }
        } catch (IOException e) {
            return e;
        }
    }

    /**
     * A TLS server on a plain thread that makes the handshake of one connection and reads nothing
     * until {@code done} (then closes it), and a goroutine's client socket connected to it.
     */
    private static final class SilentPeer implements AutoCloseable {
        final ServerSocket server;
        final CountDownLatch done = new CountDownLatch(1);
        final Thread thread;

        SilentPeer() throws Exception {
            server = TlsContexts.server().getServerSocketFactory().createServerSocket(0, 50, LOOPBACK);
            thread = new Thread(() -> {
                try (Socket s = server.accept()) {
                    ((SSLSocket) s).startHandshake();
                    done.await();
                } catch (IOException | InterruptedException e) {
                    // the test's assertions say what went wrong
                }
            }, "silent-tls-peer");
            thread.start();
        }

        @Goroutine
        Socket connect() throws Exception {
            return TlsContexts.client().getSocketFactory().createSocket("localhost", server.getLocalPort());
        }

        @Override
        public void close() throws Exception {
            done.countDown();
            thread.join();
            server.close();
        }
    }

    @Test
    void aCloseFromAnotherGoroutineWakesATlsWriterParkedOnAFullBufferWithTheJdksException() throws Exception {
        AtomicReference<String> got = new AtomicReference<>();
        AtomicReference<Boolean> closed = new AtomicReference<>();
        try (SilentPeer peer = new SilentPeer()) {
            Pins.none(() -> SocketBody.run("tls-write-close", 4, () -> {
                Socket s = peer.connect();
                Chan<IOException> outcome = Chan.make(1);
                Go.go(() -> outcome.send(writeUntilFailure(s)));
                Await.dumpShows("the TLS writer in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == 1);
                s.close(); // does not wait for the write lock the parked writer holds
                IOException e = outcome.recv();
                got.set(e.getClass().getName() + ": " + e.getMessage());
                closed.set(s.isClosed());
            }));
        }
        assertEquals("java.net.SocketException: Socket closed", got.get(), "as the JDK's plain socket (SocketWritesParkTest)");
        assertTrue(closed.get());
    }

    @Test
    void aShutdownOutputFromAnotherGoroutineWakesATlsWriterParkedOnAFullBuffer() throws Exception {
        AtomicReference<String> got = new AtomicReference<>();
        AtomicReference<Boolean> open = new AtomicReference<>();
        try (SilentPeer peer = new SilentPeer()) {
            Pins.none(() -> SocketBody.run("tls-write-shutdown", 4, () -> {
                try (Socket s = peer.connect()) {
                    Chan<IOException> outcome = Chan.make(1);
                    Go.go(() -> outcome.send(writeUntilFailure(s)));
                    Await.dumpShows("the TLS writer in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == 1);
                    s.shutdownOutput(); // does not wait for the write lock: sends no close_notify, shuts the transport's output
                    IOException e = outcome.recv();
                    got.set(e.getClass().getName() + ": " + e.getMessage());
                    open.set(!s.isClosed() && s.isOutputShutdown());
                }
            }));
        }
        assertEquals("java.net.SocketException: Socket output is shutdown", got.get(), "as a write after shutdownOutput");
        assertTrue(open.get(), "the socket stays open, its output shut down");
    }

    @Test
    void anInterruptWakesAParkedTlsWriterWhoseCallThenFailsAsAChannelSocketsDoes() throws Exception {
        AtomicReference<IOException> seen = new AtomicReference<>();
        AtomicReference<Socket> socket = new AtomicReference<>();
        try (SilentPeer peer = new SilentPeer()) {
            Pins.none(() -> SocketBody.run("tls-write-interrupt", 4, () -> {
                Socket s = peer.connect();
                socket.set(s);
                try (GoExecutorService ex = Go.executor()) {
                    Future<Object> f = ex.submit(() -> {
                        seen.set(writeUntilFailure(s));
                        return null;
                    });
                    try {
                        Await.dumpShows("the task's TLS write in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == 1);
                    } catch (AssertionError e) {
                        s.close(); // the writer ends, and the executor's close does not wait for it forever
                        throw e;
                    }
                    assertTrue(f.cancel(true)); // interrupts the task's goroutine
                }
            }));
            Await.until("the write saw the interrupt", () -> seen.get() != null, () -> "");
        }
        assertEquals(ClosedByInterruptException.class, seen.get().getClass(), String.valueOf(seen.get()));
        assertTrue(socket.get().isClosed(), "the interrupted call closed the socket, as the JDK's channel does");
    }
}
