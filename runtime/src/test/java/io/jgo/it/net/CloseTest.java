package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static io.jgo.it.net.NetTests.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How a connection ends: close while waiting, the peer's reset, half-close, a refused dial. */
@Timeout(60)
class CloseTest {

    @Test
    void closeWakesEveryGoroutineWaitingOnTheConnection() {
        Pins.none(() -> NetTests.run("close-readers", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                Chan<Throwable> outcomes = Chan.make(3);
                for (int i = 0; i < 3; i++) {
                    Go.go(io(() -> {
                        try {
                            c.read(ByteBuffer.allocate(1));
                            outcomes.send(new AssertionError("a read returned"));
                        } catch (ClosedChannelException e) {
                            outcomes.send(e);
                        }
                    }));
                }
                Await.dumpShows("three readers in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == 3);
                c.close();
                for (int i = 0; i < 3; i++) {
                    Throwable t = outcomes.recv();
                    assertTrue(t instanceof AsynchronousCloseException, String.valueOf(t));
                }
                try {
                    c.read(ByteBuffer.allocate(1));
                    throw new AssertionError("read on a closed Conn returned");
                } catch (ClosedChannelException expected) {
                    // and never an AsynchronousCloseException: it did not wait
                    assertEquals(ClosedChannelException.class, expected.getClass());
                }
                ByteBuffer b = ByteBuffer.allocate(1);
                assertEquals(-1, s.read(b), "the peer sees the end of the stream");
            }
        }));
    }

    @Test
    void closingTheListenerWakesItsAccept() {
        Pins.none(() -> NetTests.run("close-listener", 4, () -> {
            Listener l = Net.listen(LOOPBACK);
            Chan<Throwable> outcome = Chan.make(1);
            Go.go(io(() -> {
                try {
                    l.accept();
                    outcome.send(new AssertionError("accept returned"));
                } catch (ClosedChannelException e) {
                    outcome.send(e);
                }
            }));
            Await.dumpShows("accept in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Listener.accept") == 1);
            l.close();
            assertTrue(outcome.recv() instanceof AsynchronousCloseException);
        }));
    }

    @Test
    void peerResetFailsTheParkedRead() {
        Pins.none(() -> NetTests.run("reset", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK)) {
                SocketChannel peer = SocketChannel.open(l.address()); // a plain blocking socket, connected by the kernel's backlog
                try (Conn c = l.accept()) {
                    Chan<Throwable> outcome = Chan.make(1);
                    Go.go(io(() -> {
                        try {
                            int n = c.read(ByteBuffer.allocate(1));
                            outcome.send(new AssertionError("read returned " + n));
                        } catch (SocketException e) {
                            outcome.send(e);
                        }
                    }));
                    Await.dumpShows("the reader in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == 1);
                    peer.setOption(StandardSocketOptions.SO_LINGER, 0); // its close sends a RST
                    peer.close();
                    Throwable t = outcome.recv();
                    assertTrue(t instanceof SocketException && t.getMessage().contains("reset"), String.valueOf(t));
                }
            }
        }));
    }

    @Test
    void halfCloseEndsOneDirectionOnly() {
        Pins.none(() -> NetTests.run("half-close", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                c.write(ascii("question"));
                c.closeWrite();
                ByteBuffer b = ByteBuffer.allocate(64);
                while (s.read(b) >= 0) {
                    // until the end of the stream
                }
                assertEquals("question", ascii(b));
                s.write(ascii("answer after the peer's half-close"));
                s.close();
                ByteBuffer r = ByteBuffer.allocate(64);
                while (c.read(r) >= 0) {
                    // until the end of the stream
                }
                assertEquals("answer after the peer's half-close", ascii(r));
            }
        }));
    }

    @Test
    void dialToAPortNobodyListensOnIsRefused() throws Exception {
        int port;
        try (ServerSocketChannel probe = ServerSocketChannel.open().bind(LOOPBACK)) {
            port = ((InetSocketAddress) probe.getLocalAddress()).getPort();
        } // closed: nobody listens there now
        InetSocketAddress nobody = new InetSocketAddress(LOOPBACK.getAddress(), port);
        Pins.none(() -> NetTests.run("refused", 4, () -> {
            try {
                Net.dial(nobody).close();
                throw new AssertionError("dial to a closed port succeeded");
            } catch (ConnectException expected) {
                assertTrue(expected.getMessage().contains("refused"), expected.getMessage());
            }
        }));
    }
}
