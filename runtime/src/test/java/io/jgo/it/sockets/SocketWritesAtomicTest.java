package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Goroutines sharing one writer of a socket get each call whole, as threads sharing the JDK's do:
 * 16 goroutines at GOMAXPROCS 4 share ONE {@code PrintWriter} ({@code println}), ONE
 * {@code DataOutputStream} over a {@code BufferedOutputStream} ({@code writeUTF} and
 * {@code write(byte[])}), or the socket's raw stream (half the goroutines one shared stream, half a
 * {@code getOutputStream()} of their own), over one connection with small buffers whose peer reads
 * in small pieces, so writes park in the middle of a record. Each goroutine writes distinct records
 * (its id, a sequence number and a payload of kilobytes derived from both); the peer checks that
 * every record arrives whole and uncorrupted, each goroutine's in order, and all of them. Before the
 * parking writers took a lock per call, the shared buffers raced and parked writes interleaved.
 */
@Timeout(300)
class SocketWritesAtomicTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    static final int GOROUTINES = 16;
    static final int RECORDS_EACH = 30;
    private static final int SOCKET_BUFFER = 8 * 1024;

    static final int PRINT_WRITER = 0;
    static final int DATA_OUTPUT = 1;
    static final int RAW_STREAM = 2;

    /** Record {@code seq} of goroutine {@code id}: "g{id} s{seq} {length} {payload}", ASCII. */
    static String record(int id, int seq, int maxPayload) {
        int length = 1000 + (int) ((id * 7919L + seq * 104_729L) % maxPayload);
        StringBuilder b = new StringBuilder(length + 32).append('g').append(id).append(" s").append(seq)
                .append(' ').append(length).append(' ');
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + (id * 31 + seq * 7 + i) % 26));
        }
        return b.toString();
    }

    /** {@code text} as {@code writeUTF} writes it (an unsigned 16-bit length, then the ASCII bytes). */
    static byte[] lengthPrefixed(String text) {
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[ascii.length + 2];
        b[0] = (byte) (ascii.length >>> 8);
        b[1] = (byte) ascii.length;
        System.arraycopy(ascii, 0, b, 2, ascii.length);
        return b;
    }

    @Goroutine
    static void writeLines(PrintWriter shared, int id) {
        for (int seq = 0; seq < RECORDS_EACH; seq++) {
            shared.println(record(id, seq, 6000));
        }
    }

    @Goroutine
    static void writeData(DataOutputStream shared, int id) throws IOException {
        for (int seq = 0; seq < RECORDS_EACH; seq++) {
            String r = record(id, seq, 30_000);
            if (seq % 2 == 0) {
                shared.writeUTF(r);
            } else {
                shared.write(lengthPrefixed(r));
            }
        }
    }

    @Goroutine
    static void writeRaw(OutputStream shared, Socket s, int id) throws IOException {
        OutputStream out = id % 2 == 0 ? shared : s.getOutputStream();
        for (int seq = 0; seq < RECORDS_EACH; seq++) {
            out.write(lengthPrefixed(record(id, seq, 30_000)));
        }
    }

    /** The writing side: one socket, one shared writer of the {@code mode}'s kind, 16 goroutines. */
    @Goroutine
    static void writeAll(int port, int mode, Queue<String> errors) throws IOException {
        try (Socket s = new Socket()) {
            s.setSendBufferSize(SOCKET_BUFFER);
            s.connect(new InetSocketAddress(LOOPBACK, port));
            OutputStream raw = s.getOutputStream();
            PrintWriter lines = mode == PRINT_WRITER ? new PrintWriter(raw) : null;
            DataOutputStream data = mode == DATA_OUTPUT ? new DataOutputStream(new BufferedOutputStream(raw)) : null;
            WaitGroup done = new WaitGroup();
            done.add(GOROUTINES);
            for (int i = 0; i < GOROUTINES; i++) {
                int id = i;
                Go.go(() -> {
                    try {
                        if (mode == PRINT_WRITER) {
                            writeLines(lines, id);
                        } else if (mode == DATA_OUTPUT) {
                            writeData(data, id);
                        } else {
                            writeRaw(raw, s, id);
                        }
                    } catch (Throwable t) {
                        errors.add("writer " + id + ": " + t);
                    } finally {
                        done.done();
                    }
                });
            }
            done.await();
            if (lines != null) {
                lines.flush();
                if (lines.checkError()) {
                    errors.add("PrintWriter.checkError() is true");
                }
            }
            if (data != null) {
                data.flush();
            }
        }
    }

    /** The peer's check of one record: whole, uncorrupted, next in its goroutine's order. */
    private static void check(String got, int[] nextSeq, List<String> problems) {
        String[] parts = got.split(" ", 4);
        String problem = null;
        try {
            int id = Integer.parseInt(parts[0].substring(1));
            int seq = Integer.parseInt(parts[1].substring(1));
            int maxPayload = got.length() > 8000 ? 30_000 : 6000; // text records are shorter than any binary one
            if (!parts[0].startsWith("g") || !parts[1].startsWith("s") || id < 0 || id >= GOROUTINES) {
                problem = "malformed";
            } else if (!got.equals(record(id, seq, 6000)) && !got.equals(record(id, seq, 30_000))) {
                problem = "corrupt (max payload " + maxPayload + ")";
            } else if (seq != nextSeq[id]) {
                problem = "goroutine " + id + " record " + seq + " where " + nextSeq[id] + " was due";
            } else {
                nextSeq[id]++;
            }
        } catch (RuntimeException e) {
            problem = "malformed: " + e;
        }
        if (problem != null && problems.size() < 10) {
            String head = got.length() > 60 ? got.substring(0, 60) + "..." : got;
            problems.add(problem + ": " + head + " (" + got.length() + " chars)");
        }
    }

    /** Reads every record of the one connection, in small pieces; the problems found, then the count of each goroutine's records. */
    private static List<String> peer(ServerSocket l, int mode) throws IOException {
        try (Socket s = l.accept()) {
            return records(s.getInputStream(), mode);
        }
    }

    /** Reads every record from {@code raw} to its end, in small pieces, as {@link #peer} (also the TLS test's peer). */
    static List<String> records(InputStream raw, int mode) throws IOException {
        List<String> problems = new ArrayList<>();
        int[] nextSeq = new int[GOROUTINES];
        InputStream in = new BufferedInputStream(raw, 512);
        if (mode == PRINT_WRITER) {
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 512);
            for (String line; (line = r.readLine()) != null;) {
                check(line, nextSeq, problems);
            }
        } else {
            DataInputStream d = new DataInputStream(in);
            while (true) {
                String r;
                try {
                    r = d.readUTF();
                } catch (EOFException end) {
                    break;
                }
                check(r, nextSeq, problems);
            }
        }
        for (int id = 0; id < GOROUTINES; id++) {
            if (nextSeq[id] != RECORDS_EACH && problems.size() < 20) {
                problems.add("goroutine " + id + ": " + nextSeq[id] + " of " + RECORDS_EACH + " records arrived in order");
            }
        }
        return problems;
    }

    private static void sharedWriterKeepsEachCallWhole(int mode) throws Exception {
        try (ServerSocket l = new ServerSocket()) {
            l.setReceiveBufferSize(SOCKET_BUFFER);
            l.bind(new InetSocketAddress(LOOPBACK, 0));
            AtomicReference<List<String>> found = new AtomicReference<>();
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            Thread reader = new Thread(() -> {
                try {
                    found.set(peer(l, mode));
                } catch (IOException e) {
                    errors.add("peer: " + e);
                }
            }, "peer");
            reader.start();
            SocketBody.run("socket-writes-atomic", 4, () -> writeAll(l.getLocalPort(), mode, errors));
            reader.join();
            assertEquals(List.of(), new ArrayList<>(errors));
            assertEquals(Collections.emptyList(), found.get(), "every record whole, uncorrupted and in its goroutine's order");
        }
    }

    @Test
    void sixteenGoroutinesSharingOnePrintWriterGetEachPrintlnWhole() throws Exception {
        sharedWriterKeepsEachCallWhole(PRINT_WRITER);
    }

    @Test
    void sixteenGoroutinesSharingOneDataOutputStreamGetEachWriteWhole() throws Exception {
        sharedWriterKeepsEachCallWhole(DATA_OUTPUT);
    }

    @Test
    void sixteenGoroutinesSharingTheSocketsStreamGetEachWriteWhole() throws Exception {
        sharedWriterKeepsEachCallWhole(RAW_STREAM);
    }
}
