package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Pins;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** An echo server and many clients, every byte checked. */
@Timeout(120)
class EchoTest {

    @Test
    void oneConnection() {
        echo(1, 1, 1);
    }

    @Test
    void smallEchoAtOneProc() {
        echo(1, 200, 3);
    }

    static void echo(int procs, int conns, int rounds) {
        AtomicLong checked = new AtomicLong();
        Go.maxProcs(); // touch
        Pins.none(() -> io.jgo.internal.sched.TestRuntimes.withProcs("echo", procs).runMain(io(() -> {
            Listener l = Net.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Go.go(io(() -> {
                for (;;) {
                    Conn c;
                    try {
                        c = l.accept();
                    } catch (java.nio.channels.ClosedChannelException e) {
                        return;
                    }
                    Go.go(io(() -> serve(c)));
                }
            }));
            WaitGroup wg = new WaitGroup();
            wg.add(conns);
            for (int i = 0; i < conns; i++) {
                int id = i;
                Go.go(io(() -> {
                    try (Conn c = Net.dial(l.address())) {
                        ByteBuffer out = ByteBuffer.allocate(64);
                        ByteBuffer in = ByteBuffer.allocate(64);
                        for (int r = 0; r < rounds; r++) {
                            out.clear();
                            for (int k = 0; k < 64; k++) {
                                out.put((byte) (id * 31 + r * 7 + k));
                            }
                            out.flip();
                            c.write(out);
                            in.clear();
                            while (in.hasRemaining()) {
                                if (c.read(in) < 0) {
                                    throw new AssertionError("early EOF");
                                }
                            }
                            for (int k = 0; k < 64; k++) {
                                if (in.get(k) != (byte) (id * 31 + r * 7 + k)) {
                                    throw new AssertionError("byte " + k + " of round " + r + " of conn " + id);
                                }
                            }
                            checked.addAndGet(64);
                        }
                    }
                    wg.done();
                }));
            }
            wg.await();
            l.close();
        })));
        assertEquals((long) conns * rounds * 64, checked.get());
    }

    @io.jgo.Goroutine
    static void serve(Conn c) throws java.io.IOException {
        try (c) {
            ByteBuffer b = ByteBuffer.allocate(256);
            for (;;) {
                b.clear();
                if (c.read(b) < 0) {
                    return;
                }
                b.flip();
                c.write(b);
            }
        }
    }
}
