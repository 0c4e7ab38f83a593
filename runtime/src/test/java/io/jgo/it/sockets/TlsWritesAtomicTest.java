package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Goroutines sharing one writer of jgo's {@code SSLSocket} get each call whole, as over a plain
 * socket ({@link SocketWritesAtomicTest}, whose records and peer check this reuses): 16 goroutines
 * at GOMAXPROCS 4 share ONE {@code PrintWriter} ({@code println}), ONE {@code DataOutputStream}
 * over a {@code BufferedOutputStream}, or the socket's stream (half one shared stream, half a
 * {@code getOutputStream()} of their own), over one TLS connection with small buffers. The peer
 * makes the handshake and reads nothing until one writer is parked in {@code IO wait} on the full
 * send buffer, in the middle of a call, and the 15 others are parked waiting for the writer's or the
 * socket's lock ({@code ReentrantLock.lock}: a goroutine-owned lock, no carrier held); then it reads
 * in small pieces and checks that every record arrives whole, uncorrupted, each goroutine's in order.
 */
@Timeout(300)
class TlsWritesAtomicTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int SOCKET_BUFFER = 8 * 1024;
    private static final int GOROUTINES = SocketWritesAtomicTest.GOROUTINES;

    /**
     * The writing side: one TLS socket, one shared writer of the {@code mode}'s kind, 16 goroutines.
     * The factory is got here, in rewritten code, so that it is jgo's.
     */
    @Goroutine
    static void writeAll(int port, int mode, Queue<String> errors) throws Exception {
        SSLSocketFactory tls = TlsContexts.client().getSocketFactory();
        Socket transport = new Socket();
        transport.setSendBufferSize(SOCKET_BUFFER);
        transport.connect(new InetSocketAddress(LOOPBACK, port));
        try (Socket s = tls.createSocket(transport, "localhost", port, true)) {
            OutputStream raw = s.getOutputStream();
            PrintWriter lines = mode == SocketWritesAtomicTest.PRINT_WRITER ? new PrintWriter(raw) : null;
            DataOutputStream data = mode == SocketWritesAtomicTest.DATA_OUTPUT ? new DataOutputStream(new BufferedOutputStream(raw)) : null;
            WaitGroup done = new WaitGroup();
            done.add(GOROUTINES);
            for (int i = 0; i < GOROUTINES; i++) {
                int id = i;
                Go.go(() -> {
                    try {
                        if (mode == SocketWritesAtomicTest.PRINT_WRITER) {
                            SocketWritesAtomicTest.writeLines(lines, id);
                        } else if (mode == SocketWritesAtomicTest.DATA_OUTPUT) {
                            SocketWritesAtomicTest.writeData(data, id);
                        } else {
                            SocketWritesAtomicTest.writeRaw(raw, s, id);
                        }
                    } catch (Throwable t) {
                        errors.add("writer " + id + ": " + t);
                    } finally {
                        done.done();
                    }
                });
            }
            try {
                Await.dumpShows("one writer on the full send buffer, the others waiting for a lock",
                        d -> Dumps.parkedIn(d, "IO wait", "Waits.write") == 1
                                && Dumps.parkedIn(d, "ReentrantLock.lock", "TlsWritesAtomicTest") == GOROUTINES - 1,
                        Duration.ofSeconds(120));
            } finally {
                peerMayRead.countDown(); // after a failure too: the writers finish, and the close does not wait for them
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
            s.shutdownOutput(); // close_notify: the peer's end of records; nothing left unread at the close
            if (s.getInputStream().read() != -1) {
                errors.add("the peer sent plaintext");
            }
        }
    }

    /** Opened once the writers are parked (a plain thread's latch: the peer is one). */
    private static volatile CountDownLatch peerMayRead;

    private static void sharedTlsWriterKeepsEachCallWhole(int mode) throws Exception {
        peerMayRead = new CountDownLatch(1);
        try (SSLServerSocket l = (SSLServerSocket) TlsContexts.server().getServerSocketFactory().createServerSocket()) {
            l.setReceiveBufferSize(SOCKET_BUFFER);
            l.bind(new InetSocketAddress(LOOPBACK, 0));
            AtomicReference<List<String>> found = new AtomicReference<>();
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            Thread reader = new Thread(() -> {
                try (Socket s = l.accept()) {
                    ((SSLSocket) s).startHandshake();
                    peerMayRead.await();
                    found.set(SocketWritesAtomicTest.records(s.getInputStream(), mode));
                } catch (IOException | InterruptedException e) {
                    errors.add("peer: " + e);
                }
            }, "tls-peer");
            reader.start();
            try {
                Pins.none(() -> SocketBody.run("tls-writes-atomic", 4, () -> writeAll(l.getLocalPort(), mode, errors)));
            } finally {
                peerMayRead.countDown(); // after a failure too: the peer ends
            }
            reader.join();
            assertEquals(List.of(), new ArrayList<>(errors));
            assertEquals(Collections.emptyList(), found.get(), "every record whole, uncorrupted and in its goroutine's order");
        }
    }

    @Test
    void sixteenGoroutinesSharingOneTlsPrintWriterGetEachPrintlnWhole() throws Exception {
        sharedTlsWriterKeepsEachCallWhole(SocketWritesAtomicTest.PRINT_WRITER);
    }

    @Test
    void sixteenGoroutinesSharingOneTlsDataOutputStreamGetEachWriteWhole() throws Exception {
        sharedTlsWriterKeepsEachCallWhole(SocketWritesAtomicTest.DATA_OUTPUT);
    }

    @Test
    void sixteenGoroutinesSharingTheTlsSocketsStreamGetEachWriteWhole() throws Exception {
        sharedTlsWriterKeepsEachCallWhole(SocketWritesAtomicTest.RAW_STREAM);
    }
}
