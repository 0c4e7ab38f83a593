package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static io.jgo.it.net.NetTests.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.net.Net;
import io.jgo.net.PacketConn;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** UDP: a reader parks until a datagram arrives; deadlines and close as on a TCP connection. */
@Timeout(60)
class PacketConnTest {

    @Test
    void aParkedReaderGetsTheDatagramAndItsSender() {
        Pins.none(() -> NetTests.run("udp", 4, () -> {
            try (PacketConn a = Net.listenPacket(LOOPBACK); PacketConn b = Net.listenPacket(LOOPBACK)) {
                Chan<String> got = Chan.make(1);
                Go.go(io(() -> {
                    ByteBuffer buf = ByteBuffer.allocate(64);
                    SocketAddress from = b.readFrom(buf);
                    got.send(ascii(buf) + " from " + from);
                }));
                Await.dumpShows("the reader in IO wait", d -> Dumps.parkedIn(d, "IO wait", "PacketConn.readFrom") == 1);
                a.writeTo(ascii("datagram"), b.localAddress());
                assertEquals("datagram from " + a.localAddress(), got.recv());
            }
        }));
    }

    @Test
    void deadlineAndCloseEndAWaitingRead() {
        Pins.none(() -> NetTests.run("udp-end", 4, () -> {
            PacketConn p = Net.listenPacket(LOOPBACK);
            p.setReadDeadline(Instant.now().plusMillis(20));
            try {
                p.readFrom(ByteBuffer.allocate(8));
                throw new AssertionError("a datagram from nowhere");
            } catch (SocketTimeoutException expected) {
                // the deadline passed
            }
            p.setReadDeadline(null);
            Chan<Throwable> outcome = Chan.make(1);
            Go.go(io(() -> {
                try {
                    p.readFrom(ByteBuffer.allocate(8));
                    outcome.send(new AssertionError("read returned"));
                } catch (ClosedChannelException e) {
                    outcome.send(e);
                }
            }));
            Await.dumpShows("the reader in IO wait", d -> Dumps.parkedIn(d, "IO wait", "PacketConn.readFrom") == 1);
            p.close();
            assertTrue(outcome.recv() instanceof AsynchronousCloseException);
        }));
    }
}
