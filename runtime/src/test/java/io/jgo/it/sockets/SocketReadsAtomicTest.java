package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Goroutines sharing one reader of a socket get whole results per call, as threads sharing the
 * JDK's do: 16 goroutines at GOMAXPROCS 4 share ONE {@code BufferedReader} (over an
 * {@code InputStreamReader}) and call {@code readLine} until the end, or share ONE
 * {@code BufferedInputStream} and call {@code read(byte[])}, over one small-buffered connection, so
 * reads park. Every line must arrive whole and exactly once; every byte exactly once (a histogram of
 * the byte values read equals the one sent). Before the parking readers took a lock per read, the
 * shared buffers raced.
 */
@Timeout(300)
class SocketReadsAtomicTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int GOROUTINES = 16;
    private static final int LINES = 1500;
    private static final int BYTES = 4 << 20;
    private static final int SOCKET_BUFFER = 8 * 1024;

    private static byte byteAt(int i) {
        return (byte) (i * 7 + (i >>> 9));
    }

    @Goroutine
    static void readLines(BufferedReader shared, Queue<String> got) throws IOException {
        for (String line; (line = shared.readLine()) != null;) {
            got.add(line);
        }
    }

    @Goroutine
    static void readBytes(InputStream shared, int id, AtomicLongArray histogram) throws IOException {
        byte[] b = new byte[100 + id * 517];
        for (int n; (n = shared.read(b)) > 0;) {
            for (int i = 0; i < n; i++) {
                histogram.incrementAndGet(b[i] & 0xFF);
            }
        }
    }

    /** The reading side: one socket, one shared reader, 16 goroutines reading it to the end. */
    @Goroutine
    static void readAll(int port, boolean lines, Queue<String> got, AtomicLongArray histogram, Queue<String> errors)
            throws IOException {
        try (Socket s = new Socket()) {
            s.setReceiveBufferSize(SOCKET_BUFFER);
            s.connect(new InetSocketAddress(LOOPBACK, port));
            BufferedReader reader = lines
                    ? new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))
                    : null;
            InputStream bytes = lines ? null : new BufferedInputStream(s.getInputStream());
            WaitGroup done = new WaitGroup();
            done.add(GOROUTINES);
            for (int i = 0; i < GOROUTINES; i++) {
                int id = i;
                Go.go(() -> {
                    try {
                        if (lines) {
                            readLines(reader, got);
                        } else {
                            readBytes(bytes, id, histogram);
                        }
                    } catch (Throwable t) {
                        errors.add("reader " + id + ": " + t);
                    } finally {
                        done.done();
                    }
                });
            }
            done.await();
        }
    }

    /** The peer: writes every line (or byte) to the one connection, then closes it. */
    private static Thread peer(ServerSocket l, boolean lines, Queue<String> errors) {
        Thread t = new Thread(() -> {
            try (Socket s = l.accept()) {
                s.setSendBufferSize(SOCKET_BUFFER);
                OutputStream out = new BufferedOutputStream(s.getOutputStream(), 1024);
                if (lines) {
                    for (int seq = 0; seq < LINES; seq++) {
                        out.write((SocketWritesAtomicTest.record(0, seq, 3000) + "\n").getBytes(StandardCharsets.US_ASCII));
                    }
                } else {
                    for (int i = 0; i < BYTES; i++) {
                        out.write(byteAt(i));
                    }
                }
                out.flush();
            } catch (IOException e) {
                errors.add("peer: " + e);
            }
        }, "peer");
        t.start();
        return t;
    }

    @Test
    void sixteenGoroutinesSharingOneBufferedReaderGetEachLineWholeAndOnce() throws Exception {
        try (ServerSocket l = new ServerSocket()) {
            l.bind(new InetSocketAddress(LOOPBACK, 0));
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            Queue<String> got = new ConcurrentLinkedQueue<>();
            Thread peer = peer(l, true, errors);
            SocketBody.run("socket-reads-atomic", 4, () -> readAll(l.getLocalPort(), true, got, null, errors));
            peer.join();
            assertEquals(List.of(), new ArrayList<>(errors));
            boolean[] seen = new boolean[LINES];
            List<String> problems = new ArrayList<>();
            for (String line : got) {
                String[] parts = line.split(" ", 3);
                int seq = -1;
                try {
                    seq = Integer.parseInt(parts[1].substring(1));
                } catch (RuntimeException e) {
                    // malformed: reported below
                }
                if (seq < 0 || seq >= LINES || !line.equals(SocketWritesAtomicTest.record(0, seq, 3000)) || seen[seq]) {
                    if (problems.size() < 10) {
                        problems.add((seq >= 0 && seq < LINES && seen[seq] ? "twice: " : "not whole: ")
                                + line.substring(0, Math.min(60, line.length())) + " (" + line.length() + " chars)");
                    }
                } else {
                    seen[seq] = true;
                }
            }
            assertEquals(List.of(), problems);
            assertEquals(LINES, got.size(), "every line read once");
        }
    }

    @Test
    void sixteenGoroutinesSharingOneBufferedInputStreamGetEachByteOnce() throws Exception {
        long[] expected = new long[256];
        for (int i = 0; i < BYTES; i++) {
            expected[byteAt(i) & 0xFF]++;
        }
        try (ServerSocket l = new ServerSocket()) {
            l.bind(new InetSocketAddress(LOOPBACK, 0));
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            AtomicLongArray histogram = new AtomicLongArray(256);
            Thread peer = peer(l, false, errors);
            SocketBody.run("socket-reads-atomic", 4, () -> readAll(l.getLocalPort(), false, null, histogram, errors));
            peer.join();
            assertEquals(List.of(), new ArrayList<>(errors));
            long[] got = new long[256];
            for (int v = 0; v < 256; v++) {
                got[v] = histogram.get(v);
            }
            assertArrayEquals(expected, got, "every byte read once");
        }
    }
}
