package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A writer faster than its reader parks in {@code write} when the socket buffers are full and resumes as the reader drains them. */
@Timeout(60)
class SlowReaderTest {

    private static final int SIZE = 16 << 20;

    @Test
    void writesParkWhileTheReaderLagsAndResumeWhenItReads() {
        Pins.none(() -> NetTests.run("slow-reader", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                Chan<Boolean> written = Chan.make(1);
                Go.go(io(() -> {
                    ByteBuffer all = ByteBuffer.allocate(SIZE);
                    for (int i = 0; i < SIZE; i++) {
                        all.put((byte) (i * 131 >>> 7));
                    }
                    c.write(all.flip()); // all of it, parking whenever the buffers are full
                    c.closeWrite();
                    written.send(true);
                }));
                int parkedWrites = 0;
                long got = 0;
                ByteBuffer b = ByteBuffer.allocate(1 << 20);
                for (;;) {
                    if (written.len() == 0) { // the writer is not done: wait until it is parked, then drain a little
                        Await.dumpShows("the writer parked in Conn.write",
                                d -> d.contains("Conn.write") || written.len() > 0);
                        if (written.len() == 0) {
                            parkedWrites++;
                        }
                    }
                    int n = s.read(b.clear());
                    if (n < 0) {
                        break;
                    }
                    for (int i = 0; i < n; i++) {
                        if (b.get(i) != (byte) ((got + i) * 131 >>> 7)) {
                            throw new AssertionError("byte " + (got + i));
                        }
                    }
                    got += n;
                }
                written.recv();
                assertEquals(SIZE, got);
                assertTrue(parkedWrites >= 2, "the writer parked and resumed more than once: " + parkedWrites);
            }
        }));
    }
}
