package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Latch;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Heavy;
import io.jgo.testing.Pins;
import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writes to jgo's {@code SSLSocket} park while the send buffer is full: 200 client goroutines at
 * GOMAXPROCS 4 each write 1 MiB over TLS (a third each through a {@code PrintWriter} over a
 * {@code BufferedWriter}, a {@code BufferedOutputStream}, a {@code DataOutputStream} over a
 * {@code BufferedOutputStream}) to a server of 200 goroutines in the same runtime that make the
 * handshake and then read nothing until every writer waits in {@code IO wait} in
 * {@code Waits.write}, with at most 64 extra threads at peak (a write that held its carrier would
 * take one each: some 200). Then the server drains each connection to its {@code close_notify} (the
 * client's {@code shutdownOutput}) and each one's plaintext is what the JDK's decorators make of the
 * same calls (CRC-32). How a parked TLS writer is woken: {@link TlsWriteWakeupsTest}. Heavy: 200
 * handshakes and 200 MiB of records take some 30-60 s on two loaded cores.
 */
@Heavy
@Timeout(300)
class TlsWritesParkTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int GOROUTINES = 200;
    private static final int MAX_EXTRA_THREADS = 64;
    private static final int BYTES_EACH = 1 << 20;
    /** Small socket buffers, so a writer fills them after some 100 KB (the kernel's autotuning would take megabytes). */
    private static final int SOCKET_BUFFER = 32 * 1024;
    /** 200 handshakes and 200 full buffers on two loaded cores: more than {@link Await#DEADLINE}. */
    private static final Duration PARKED_DEADLINE = Duration.ofSeconds(150);

    /** About {@link #BYTES_EACH} bytes of plaintext for writer {@code id}, through the decorator {@code id % 3} picks. */
    @Goroutine
    static boolean produce(int id, OutputStream raw) throws IOException {
        switch (id % 3) {
            case 0: {
                PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8)));
                for (int i = 0; i < BYTES_EACH / 48; i++) {
                    w.println("tls " + id + " line " + i + " \u00e9\u20ac " + (id * 31L + i) * 7919L);
                }
                w.flush();
                return !w.checkError();
            }
            case 1: {
                BufferedOutputStream b = new BufferedOutputStream(raw);
                byte[] chunk = new byte[20_000];
                for (int i = 0; i < chunk.length; i++) {
                    chunk[i] = (byte) (id * 17 + i);
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
                    d.writeLong(id * 1_000_003L + i);
                    d.writeUTF("tls " + id + " record " + i);
                    d.writeInt(i);
                }
                d.flush();
                return true;
            }
        }
    }

    /** What the server must read from writer {@code id}: the JDK's decorators' bytes (a plain thread, in memory). */
    private static long expectedCrc(int id) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(BYTES_EACH + 100_000);
        produce(id, bytes);
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        return crc.getValue();
    }

    /**
     * A client: TLS over a socket with a small send buffer; writes, then {@code shutdownOutput}
     * ({@code close_notify}) and reads to the server's end, so that nothing is left unread when it
     * closes (a close with unread bytes, such as TLS 1.3's session tickets, would reset the
     * connection and drop what the server has not read yet).
     */
    @Goroutine
    static void connectAndProduce(SSLSocketFactory tls, int port, int id, Queue<String> errors) throws IOException {
        Socket transport = new Socket();
        transport.setSendBufferSize(SOCKET_BUFFER);
        transport.connect(new InetSocketAddress(LOOPBACK, port));
        try (Socket s = tls.createSocket(transport, "localhost", port, true)) {
            if (!produce(id, s.getOutputStream())) {
                errors.add("writer " + id + ": PrintWriter.checkError() is true");
            }
            s.shutdownOutput();
            if (s.getInputStream().read() != -1) {
                errors.add("writer " + id + ": the server sent plaintext");
            }
        }
    }

    /** A server connection: the handshake, then nothing read until {@code release}; then all of it, to the client's {@code close_notify}. */
    @Goroutine
    static void serveOne(Socket s, Latch release, Queue<Long> received) throws IOException {
        try (s) {
            ((SSLSocket) s).startHandshake();
            release.await();
            CRC32 crc = new CRC32();
            byte[] buf = new byte[64 * 1024];
            InputStream in = s.getInputStream();
            for (int n; (n = in.read(buf)) > 0;) {
                crc.update(buf, 0, n);
            }
            received.add(crc.getValue());
        }
    }

    @Goroutine
    static void serve(ServerSocket server, Latch release, Queue<Long> received, Queue<String> errors, WaitGroup done)
            throws IOException {
        for (int i = 0; i < GOROUTINES; i++) {
            Socket s = server.accept();
            Go.go(() -> {
                try {
                    serveOne(s, release, received);
                } catch (Throwable t) {
                    errors.add("server: " + t);
                } finally {
                    done.done();
                }
            });
        }
    }

    @Test
    void twoHundredTlsWritersOnFullSendBuffersParkWithAtMost64ExtraThreadsAndEveryByteArrives() throws Exception {
        List<Long> expected = new ArrayList<>();
        for (int id = 0; id < GOROUTINES; id++) {
            expected.add(expectedCrc(id));
        }
        SSLContext serverContext = TlsContexts.server();
        SSLContext clientContext = TlsContexts.client();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Queue<String> errors = new ConcurrentLinkedQueue<>();
        Queue<Long> received = new ConcurrentLinkedQueue<>();
        AtomicReference<Integer> extraWhileParked = new AtomicReference<>();
        int baseline = mx.getThreadCount();
        mx.resetPeakThreadCount();
        Sched sched = TestRuntimes.withProcs("tls-writes", 4);
        Pins.none(() -> sched.runMain(() -> {
            Latch release = new Latch(1);
            WaitGroup done = new WaitGroup();
            done.add(2 * GOROUTINES + 1); // the writers, the acceptor, the server's connections
            try {
                SSLServerSocket server = (SSLServerSocket) serverContext.getServerSocketFactory().createServerSocket();
                server.setReceiveBufferSize(SOCKET_BUFFER);
                server.bind(new InetSocketAddress(LOOPBACK, 0), GOROUTINES);
                SSLSocketFactory clients = clientContext.getSocketFactory();
                Go.go(() -> {
                    try {
                        serve(server, release, received, errors, done);
                    } catch (Throwable t) {
                        errors.add("acceptor: " + t);
                    } finally {
                        done.done();
                    }
                });
                for (int i = 0; i < GOROUTINES; i++) {
                    int id = i;
                    Go.go(() -> {
                        try {
                            connectAndProduce(clients, server.getLocalPort(), id, errors);
                        } catch (Throwable t) {
                            errors.add("writer " + id + ": " + t);
                        } finally {
                            done.done();
                        }
                    });
                }
                try {
                    Await.dumpShows("all " + GOROUTINES + " TLS writers parked on full send buffers",
                            d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == GOROUTINES, PARKED_DEADLINE);
                    extraWhileParked.set(mx.getPeakThreadCount() - baseline);
                } finally {
                    release.countDown(); // the server reads (after a failure too: the writers finish)
                }
                done.await();
                server.close();
            } catch (IOException e) {
                errors.add("main: " + e);
            }
        }));
        assertEquals(List.of(), new ArrayList<>(errors));
        List<Long> got = new ArrayList<>(received);
        Collections.sort(got);
        Collections.sort(expected);
        assertEquals(expected, got, "every connection's plaintext is the JDK decorators' bytes");
        int extra = extraWhileParked.get();
        System.err.println("TlsWritesParkTest: peak extra threads " + extra + " (loaded machine)");
        assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + GOROUTINES
                + " goroutines writing TLS to full send buffers (at most " + MAX_EXTRA_THREADS + ")");
    }
}
