package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Pins;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 29's check: 1,000 goroutines at GOMAXPROCS 2, each talking to a slow server (it answers
 * after 300 ms) through {@code java.net.Socket} streams as a new user writes them: {@code new Socket},
 * a {@code PrintWriter} println, {@code BufferedReader.readLine}, then {@code DataInputStream.readInt}
 * and {@code readFully}. Every answer is right, no suspension pins, and the peak of the JVM's threads
 * over the baseline (the server's one thread started before) stays at 64 or fewer: a goroutine that
 * waits for its answer holds no carrier. Without the parking streams every waiting goroutine holds
 * one (about 1,000 threads).
 */
@Timeout(300)
class ThousandSocketGoroutinesTest {

    private static final int GOROUTINES = 1000;
    private static final int MAX_EXTRA_THREADS = 64;

    @Goroutine
    static void exchange(int port, int id) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            PrintWriter out = new PrintWriter(s.getOutputStream(), true);
            InputStream in = s.getInputStream();
            out.println("hello " + id);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String echo = lines.readLine();
            if (!("echo " + id).equals(echo)) {
                throw new AssertionError("goroutine " + id + " read " + echo);
            }
            out.println("bin " + id); // the reader above has buffered nothing past its line: the server waited
            DataInputStream data = new DataInputStream(in);
            int n = data.readInt();
            byte[] tail = new byte[8];
            data.readFully(tail);
            byte[] expected = SlowLineServer.binaryAnswer(id);
            if (n != id * 7) {
                throw new AssertionError("goroutine " + id + " read int " + n);
            }
            assertArrayEquals(java.util.Arrays.copyOfRange(expected, 4, 12), tail, "goroutine " + id + "'s bytes");
        }
    }

    @Test
    void aThousandGoroutinesInSocketStreamsNeedAtMost64ExtraThreads() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (SlowLineServer server = new SlowLineServer(300)) {
            int port = server.port();
            AtomicInteger right = new AtomicInteger();
            Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
            int baseline = mx.getThreadCount();
            mx.resetPeakThreadCount();
            Sched sched = TestRuntimes.withProcs("socket-streams", 2);
            Pins.none(() -> sched.runMain(() -> {
                WaitGroup done = new WaitGroup();
                done.add(GOROUTINES);
                for (int i = 0; i < GOROUTINES; i++) {
                    int id = i;
                    Go.go(() -> {
                        try {
                            exchange(port, id);
                            right.incrementAndGet();
                        } catch (Throwable t) {
                            failures.add(t);
                        } finally {
                            done.done();
                        }
                    });
                }
                done.await();
            }));
            int extra = mx.getPeakThreadCount() - baseline;
            if (!failures.isEmpty()) {
                AssertionError e = new AssertionError(failures.size() + " goroutines failed; the first: " + failures.peek());
                e.initCause(failures.peek());
                throw e;
            }
            assertEquals(GOROUTINES, right.get(), "every answer right");
            System.err.println("ThousandSocketGoroutinesTest: peak extra threads " + extra + " (loaded machine)");
            assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + GOROUTINES
                    + " goroutines waiting in java.net.Socket streams (at most " + MAX_EXTRA_THREADS + ")");
        }
    }
}
