package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writes to a {@code java.net.Socket} made in rewritten code park while the send buffer is full: 200
 * goroutines at GOMAXPROCS 4 each write 2 MB to a peer that does not read (through a
 * {@code PrintWriter}, a {@code BufferedOutputStream} or a {@code DataOutputStream} over a
 * {@code BufferedOutputStream}, a third each); all 200 wait in {@code IO wait} with at most 64
 * extra threads at peak (a write that held its carrier would take one each: some 200); then the
 * peer drains every connection and each one's bytes are what the JDK's decorators make of the same
 * calls (CRC-32), and no {@code PrintWriter} saw an error. A close from another goroutine wakes a
 * writer parked on a full buffer with {@code SocketException("Socket closed")}, as a thread writing
 * the JDK's socket gets.
 */
@Timeout(300)
class SocketWritesParkTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int GOROUTINES = 200;
    private static final int MAX_EXTRA_THREADS = 64;
    private static final int BYTES_EACH = 2 << 20;
    /** Small socket buffers, so a writer fills them after some 100 KB (the kernel's autotuning would take megabytes). */
    private static final int SOCKET_BUFFER = 32 * 1024;

    /** About {@link #BYTES_EACH} bytes of content for writer {@code id}, through the decorator {@code id % 3} picks. */
    @Goroutine
    static boolean produce(int id, OutputStream raw) throws IOException {
        switch (id % 3) {
            case 0: {
                PrintWriter w = new PrintWriter(raw);
                for (int i = 0; i < BYTES_EACH / 64; i++) {
                    w.println("writer " + id + " line " + i + " \u00e9\u20ac " + (id * 31L + i) * 7919L);
                }
                w.flush();
                return !w.checkError();
            }
            case 1: {
                BufferedOutputStream b = new BufferedOutputStream(raw);
                byte[] chunk = new byte[10_000];
                for (int i = 0; i < chunk.length; i++) {
                    chunk[i] = (byte) (id * 13 + i);
                }
                int written = 0;
                for (int i = 0; written < BYTES_EACH; i++) {
                    int len = 1 + (i * 7919 + id) % chunk.length; // some below the buffer's size, some above
                    b.write(chunk, 0, len);
                    b.write(i);
                    written += len + 1;
                }
                b.flush();
                return true;
            }
            default: {
                DataOutputStream d = new DataOutputStream(new BufferedOutputStream(raw));
                for (int i = 0; d.size() < BYTES_EACH; i++) {
                    d.writeInt(i);
                    d.writeLong(id * 1_000_003L + i);
                    d.writeUTF("writer " + id + " record " + i);
                    d.writeDouble(i / 3.0);
                }
                d.flush();
                return true;
            }
        }
    }

    /** What the peer must receive from writer {@code id}: the JDK's decorators' bytes (a plain thread, in memory). */
    private static long expectedCrc(int id) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(BYTES_EACH + 100_000);
        produce(id, bytes);
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        return crc.getValue();
    }

    @Goroutine
    static void connectAndProduce(int port, int id, Queue<String> errors) throws IOException {
        try (Socket s = new Socket()) {
            s.setSendBufferSize(SOCKET_BUFFER);
            s.connect(new java.net.InetSocketAddress(LOOPBACK, port));
            if (!produce(id, s.getOutputStream())) {
                errors.add("writer " + id + ": PrintWriter.checkError() is true");
            }
        }
    }

    private static long drain(Socket s) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = s.getInputStream()) {
            for (int n; (n = in.read(buf)) > 0;) {
                crc.update(buf, 0, n);
            }
        }
        return crc.getValue();
    }

    @Test
    void twoHundredWritersOnFullSendBuffersParkWithAtMost64ExtraThreadsAndEveryByteArrives() throws Exception {
        List<Long> expected = new ArrayList<>();
        for (int id = 0; id < GOROUTINES; id++) {
            expected.add(expectedCrc(id));
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (ServerSocket l = new ServerSocket()) {
            l.setReceiveBufferSize(SOCKET_BUFFER);
            l.bind(new java.net.InetSocketAddress(LOOPBACK, 0), GOROUTINES);
            Queue<Socket> accepted = new ConcurrentLinkedQueue<>();
            Thread acceptor = new Thread(() -> {
                try {
                    for (int i = 0; i < GOROUTINES; i++) {
                        accepted.add(l.accept());
                    }
                } catch (IOException e) {
                    // the test's failure says what is missing
                }
            }, "acceptor");
            acceptor.start();
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            Queue<Long> received = new ConcurrentLinkedQueue<>();
            AtomicReference<Integer> extraWhileParked = new AtomicReference<>();
            int baseline = mx.getThreadCount();
            mx.resetPeakThreadCount();
            Sched sched = TestRuntimes.withProcs("socket-writes", 4);
            Pins.none(() -> sched.runMain(() -> {
                WaitGroup done = new WaitGroup();
                done.add(GOROUTINES);
                for (int i = 0; i < GOROUTINES; i++) {
                    int id = i;
                    Go.go(() -> {
                        try {
                            connectAndProduce(l.getLocalPort(), id, errors);
                        } catch (Throwable t) {
                            errors.add("writer " + id + ": " + t);
                        } finally {
                            done.done();
                        }
                    });
                }
                List<Thread> drainers = new ArrayList<>();
                try {
                    Await.dumpShows("all " + GOROUTINES + " writers parked on full send buffers",
                            d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == GOROUTINES);
                    extraWhileParked.set(mx.getPeakThreadCount() - baseline);
                } finally {
                    // The peer drains (or, after a failure, closes) every connection: the writers finish.
                    for (int t = 0; t < 4; t++) {
                        Thread drainer = new Thread(() -> {
                            try {
                                while (received.size() + errors.size() < GOROUTINES) {
                                    Socket s = accepted.poll();
                                    if (s == null) {
                                        Thread.sleep(1); // the acceptor has not got it yet
                                        continue;
                                    }
                                    received.add(drain(s));
                                }
                            } catch (IOException | InterruptedException e) {
                                errors.add("drain: " + e);
                            }
                        }, "drainer-" + t);
                        drainer.start();
                        drainers.add(drainer);
                    }
                }
                done.await();
                for (Thread d : drainers) {
                    try {
                        d.join();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }));
            acceptor.join();
            assertEquals(List.of(), new ArrayList<>(errors));
            List<Long> got = new ArrayList<>(received);
            Collections.sort(got);
            Collections.sort(expected);
            assertEquals(expected, got, "every connection's bytes are the JDK decorators' bytes");
            int extra = extraWhileParked.get();
            System.err.println("SocketWritesParkTest: peak extra threads " + extra + " (loaded machine)");
            assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + GOROUTINES
                    + " goroutines writing to full send buffers (at most " + MAX_EXTRA_THREADS + ")");
        }
    }

    /** Writes until the write fails; answers the failure as "class: message". */
    @Goroutine
    static String writeUntilFailure(Socket s) {
        try {
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            byte[] chunk = new byte[50_000];
            while (true) {
                out.write(chunk);
            }
        } catch (IOException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /**
     * The JDK's answer: a thread writing the JDK's own socket ({@code SocketFactory.createSocket()},
     * which rewritten code leaves alone) to a peer that does not read, closed by another thread once
     * the writer waits in the JDK's native write or poll for room.
     */
    private static String jdkWriterClosed(ServerSocket l) throws Exception {
        Socket s = javax.net.SocketFactory.getDefault().createSocket();
        s.connect(l.getLocalSocketAddress());
        try (Socket peer = l.accept()) {
            AtomicReference<String> got = new AtomicReference<>();
            Thread writer = new Thread(() -> got.set(writeUntilFailure(s)), "jdk-writer");
            writer.start();
            for (int round = 0; round < 1000 && !waitsForRoom(writer); round++) {
                Thread.sleep(10); // not seen in 10 s: closed anyway (a write after the close fails alike)
            }
            s.close();
            writer.join();
            return got.get();
        }
    }

    /** Is {@code t} in the JDK socket's wait for room (its blocking write, or its poll)? */
    private static boolean waitsForRoom(Thread t) {
        StackTraceElement[] stack = t.getStackTrace();
        return stack.length > 0 && (stack[0].getMethodName().startsWith("write") || stack[0].getMethodName().startsWith("poll"))
                && stack[0].isNativeMethod();
    }

    @Test
    void aCloseFromAnotherGoroutineWakesAWriterParkedOnAFullBufferWithTheJdksException() throws Exception {
        try (ServerSocket l = new ServerSocket(0, 50, LOOPBACK)) {
            String jdk = jdkWriterClosed(l);
            assertEquals("java.net.SocketException: Socket closed", jdk, "the JDK's socket");
            AtomicReference<String> got = new AtomicReference<>();
            Pins.none(() -> SocketBody.run("socket-write-close", 4, () -> {
                Socket s = new Socket(LOOPBACK, l.getLocalPort());
                try (Socket peer = l.accept()) {
                    Chan<String> outcome = Chan.make(1);
                    Go.go(() -> outcome.send(writeUntilFailure(s)));
                    Await.dumpShows("the writer in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == 1);
                    s.close();
                    got.set(outcome.recv());
                }
            }));
            assertEquals(jdk, got.get());
        }
    }
}
