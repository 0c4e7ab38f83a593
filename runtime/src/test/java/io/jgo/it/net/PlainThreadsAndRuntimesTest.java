package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static io.jgo.it.net.NetTests.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Pins;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Plain threads use the same API (they block), with goroutines and across runtimes that share nothing. */
@Timeout(60)
class PlainThreadsAndRuntimesTest {

    @Test
    void plainThreadsListenDialReadAndWriteWithDeadlines() throws Exception {
        try (Listener l = Net.listen(LOOPBACK)) {
            CompletableFuture<String> server = CompletableFuture.supplyAsync(() -> {
                try (Conn s = l.accept()) {
                    ByteBuffer b = ByteBuffer.allocate(64);
                    while (s.read(b) >= 0) {
                        // until the client's half-close
                    }
                    s.write(ascii("pong"));
                    return ascii(b);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (Conn c = Net.dial(l.address())) {
                c.setReadDeadline(Instant.now().plusMillis(20));
                try {
                    c.read(ByteBuffer.allocate(4));
                    throw new AssertionError("read returned before anything was sent");
                } catch (SocketTimeoutException expected) {
                    // a plain thread's deadline
                }
                c.setReadDeadline(null);
                c.write(ascii("ping"));
                c.closeWrite();
                ByteBuffer r = ByteBuffer.allocate(4);
                while (r.hasRemaining() && c.read(r) >= 0) {
                    // the whole answer
                }
                assertEquals("pong", ascii(r));
            }
            assertEquals("ping", server.join());
        }
    }

    @Test
    void aGoroutineTalksToAPlainThread() throws Exception {
        try (Listener l = Net.listen(LOOPBACK)) {
            CompletableFuture<Void> server = CompletableFuture.runAsync(() -> {
                try (Conn s = l.accept()) {
                    EchoTest.serve(s);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Pins.none(() -> NetTests.run("talks-to-thread", 4, () -> {
                try (Conn c = Net.dial(l.address())) {
                    c.write(ascii("across"));
                    ByteBuffer b = ByteBuffer.allocate(6);
                    while (b.hasRemaining()) {
                        c.read(b);
                    }
                    assertEquals("across", ascii(b));
                }
            }));
            server.join();
        }
    }

    @Test
    void runtimesThatShareNothingRunEchoesAtTheSameTime() {
        AtomicLong echoed = new AtomicLong();
        List<Thread> runs = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int r = 0; r < 4; r++) {
            int id = r;
            Thread t = new Thread(() -> NetTests.run("runtime-" + id, 2, () -> {
                try (Listener l = Net.listen(LOOPBACK)) {
                    Go.go(io(() -> EchoTest.acceptLoop(l, null)));
                    WaitGroup wg = new WaitGroup();
                    wg.add(50);
                    for (int i = 0; i < 50; i++) {
                        Go.go(io(() -> {
                            try (Conn c = Net.dial(l.address())) {
                                c.write(ascii("runtime " + id));
                                ByteBuffer b = ByteBuffer.allocate(("runtime " + id).length());
                                while (b.hasRemaining()) {
                                    c.read(b);
                                }
                                assertEquals("runtime " + id, ascii(b));
                                echoed.incrementAndGet();
                            }
                            wg.done();
                        }));
                    }
                    wg.await();
                }
            }));
            t.setUncaughtExceptionHandler((th, e) -> failures.add(e));
            runs.add(t);
            t.start();
        }
        for (Thread t : runs) {
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(200, echoed.get());
    }

    @Test
    void streamCodeRunsOverAConnectionInsideGoroutines() {
        Pins.none(() -> NetTests.run("streams", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK)) {
                Go.go(io(() -> {
                    try (Conn s = l.accept()) {
                        BufferedReader in = new BufferedReader(new InputStreamReader(s.inputStream(), StandardCharsets.UTF_8));
                        PrintWriter out = new PrintWriter(new OutputStreamWriter(s.outputStream(), StandardCharsets.UTF_8), true);
                        for (String line; (line = in.readLine()) != null; ) {
                            out.println(line.toUpperCase());
                        }
                    }
                }));
                try (Conn c = Net.dial(l.address())) {
                    PrintWriter out = new PrintWriter(new OutputStreamWriter(c.outputStream(), StandardCharsets.UTF_8), true);
                    BufferedReader in = new BufferedReader(new InputStreamReader(c.inputStream(), StandardCharsets.UTF_8));
                    for (int i = 0; i < 100; i++) {
                        out.println("line " + i);
                        assertEquals("LINE " + i, in.readLine());
                    }
                    c.closeWrite();
                    assertEquals(null, in.readLine());
                }
            }
        }));
    }
}
