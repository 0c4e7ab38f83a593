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
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Go's deadline semantics: a passed deadline fails the wait with a timeout, and the connection stays usable. */
@Timeout(60)
class DeadlineTest {

    @Test
    void passedReadDeadlineFailsTheReadAndTheConnectionStaysUsable() {
        Pins.none(() -> NetTests.run("read-deadline", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                c.setReadDeadline(Instant.now().plusMillis(20));
                ByteBuffer b = ByteBuffer.allocate(16);
                assertTimesOut(c, b); // parked until the deadline's timer fired
                assertTimesOut(c, b); // the deadline still stands: at once
                c.setReadDeadline(null);
                s.write(ascii("still usable"));
                while (b.position() < "still usable".length()) {
                    c.read(b);
                }
                assertEquals("still usable", ascii(b));
            }
        }));
    }

    @Test
    void deadlineSetInThePastWakesAParkedReader() {
        Pins.none(() -> NetTests.run("past-deadline", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                Chan<Throwable> outcome = Chan.make(1);
                Go.go(io(() -> {
                    try {
                        c.read(ByteBuffer.allocate(1));
                        outcome.send(new AssertionError("the read returned"));
                    } catch (SocketTimeoutException e) {
                        outcome.send(e);
                    }
                }));
                Await.dumpShows("the reader parked in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == 1);
                c.setReadDeadline(Instant.EPOCH);
                Throwable t = outcome.recv();
                assertTrue(t instanceof SocketTimeoutException, String.valueOf(t));
            }
        }));
    }

    @Test
    void writeDeadlineStopsAWriterTheReaderDoesNotDrainAndTheWriteCanGoOnLater() {
        Pins.none(() -> NetTests.run("write-deadline", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                ByteBuffer big = ByteBuffer.allocate(32 << 20);
                c.setWriteDeadline(Instant.now().plusMillis(50));
                try {
                    c.write(big);
                    throw new AssertionError("32 MiB fitted into the socket buffers");
                } catch (SocketTimeoutException expected) {
                    // How much went out before the deadline depends on the machine (none, on a loaded
                    // one that ran the goroutine late); that it is neither lost nor sent twice is
                    // checked below, where the reader must see exactly 32 MiB.
                    assertTrue(big.hasRemaining(), "not all written: " + big);
                }
                c.setWriteDeadline(null);
                Chan<Long> read = Chan.make(1);
                Go.go(io(() -> {
                    long n = 0;
                    ByteBuffer b = ByteBuffer.allocate(1 << 16);
                    for (int k; (k = s.read(b.clear())) >= 0; ) {
                        n += k;
                    }
                    read.send(n);
                }));
                c.write(big);
                c.closeWrite();
                assertEquals(32L << 20, read.recv());
            }
        }));
    }

    @io.jgo.Goroutine
    private static void assertTimesOut(Conn c, ByteBuffer b) throws java.io.IOException {
        try {
            c.read(b);
            throw new AssertionError("read returned before its deadline passed");
        } catch (SocketTimeoutException expected) {
            // Go: os.ErrDeadlineExceeded
        }
    }
}
