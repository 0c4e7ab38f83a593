package io.jgo.it.net;

import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link Conn}'s read and write that need not wait allocate nothing: the read's count is not
 * boxed on its way out of the leaf (a boxed count above 127 is a new {@code Integer} per read).
 * Bytes allocated by every live thread (the goroutine may change carriers) across many
 * write-then-read rounds of 512 bytes, divided by the rounds, least of several tries, after a warm-up
 * for the JIT; a stray allocation of another thread only makes one try worse. Bytes, not time.
 */
@Timeout(120)
class ConnHotPathAllocationTest {

    private static final int ROUNDS = 4_000;
    private static final int TRIES = 6;
    private static final int SIZE = 512;

    @Test
    void readAndWriteThatNeedNotWaitAllocateNothing() {
        double[] least = {Double.MAX_VALUE};
        NetTests.run("conn-alloc", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                ByteBuffer src = ByteBuffer.allocateDirect(SIZE);
                ByteBuffer dst = ByteBuffer.allocateDirect(SIZE);
                for (int t = 0; t < TRIES + 3; t++) { // the first three warm the JIT
                    long before = allThreadsAllocated();
                    for (int i = 0; i < ROUNDS; i++) {
                        src.clear();
                        s.write(src);
                        dst.clear();
                        while (dst.hasRemaining()) {
                            if (c.read(dst) < 0) {
                                throw new AssertionError("end of stream");
                            }
                        }
                    }
                    double perRound = (allThreadsAllocated() - before) / (double) ROUNDS;
                    if (t >= 3) {
                        least[0] = Math.min(least[0], perRound);
                    }
                }
            }
        });
        assertTrue(least[0] < 8, "a write and a read of " + SIZE + " bytes allocate " + least[0]
                + " bytes (least of " + TRIES + " tries): a boxed count, or a new object on the hot path");
    }

    private static long allThreadsAllocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }
}
