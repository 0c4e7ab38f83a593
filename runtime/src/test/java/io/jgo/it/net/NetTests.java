package io.jgo.it.net;

import io.jgo.internal.sched.TestRuntimes;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Shared bits of the network tests. */
final class NetTests {

    /** Loopback, any port. */
    static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private NetTests() {
    }

    /** Runs {@code main} as the main goroutine of a fresh runtime of {@code procs} Ps (oversubscribed: 4 on 2 cores). */
    static void run(String name, int procs, IoBody main) {
        TestRuntimes.withProcs(name, procs).runMain(IoBody.io(main));
    }

    static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    static String ascii(ByteBuffer b) {
        b.flip();
        return StandardCharsets.US_ASCII.decode(b).toString();
    }
}
