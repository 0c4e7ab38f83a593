package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine that calls a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel} itself
 * (rewritten code, not {@code io.jgo.net}) parks on its runtime's poller while the socket is not
 * ready ({@code IO wait} in the dump) and holds no carrier; the channel stays in blocking mode for
 * everyone; a close wakes the waiter with the JDK's exception and releases the socket at once; an
 * interrupt wakes it and its call fails as the JDK's does; a plain thread on the same channel blocks
 * and reads as without jgo.
 */
@Timeout(120)
class BlockingChannelParkTest {

    private static final int READERS = 200;
    private static final int MSG = 16;

    @Goroutine
    static int readSome(SocketChannel ch, ByteBuffer b) throws IOException {
        return ch.read(b); // a blocking-mode channel: parks until readable, then reads
    }

    @Goroutine
    static long readScattered(SocketChannel ch, ByteBuffer[] bs) throws IOException {
        return ch.read(bs);
    }

    @Goroutine
    static int writeSome(SocketChannel ch, ByteBuffer b) throws IOException {
        return ch.write(b);
    }

    @Goroutine
    static SocketChannel acceptOne(ServerSocketChannel l) throws IOException {
        return l.accept();
    }

    private static byte expected(int reader, int i) {
        return (byte) (reader * 31 + i);
    }

    @Test
    void twoHundredBlockingReadersParkWithoutHoldingCarriers() throws Exception {
        List<SocketChannel> clients = new ArrayList<>();
        List<SocketChannel> servers = new ArrayList<>();
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK)) {
            for (int i = 0; i < READERS; i++) {
                clients.add(SocketChannel.open(l.getLocalAddress()));
                servers.add(l.accept());
            }
            AtomicLong checked = new AtomicLong();
            AtomicInteger threads = new AtomicInteger();
            Sched sched = TestRuntimes.withProcs("blocking-readers", 1);
            Pins.none(() -> sched.runMain(io(() -> {
                WaitGroup done = new WaitGroup();
                done.add(READERS);
                for (int r = 0; r < READERS; r++) {
                    int id = r;
                    SocketChannel ch = servers.get(r);
                    Go.go(io(() -> {
                        ByteBuffer first = ByteBuffer.allocate(MSG / 2);
                        ByteBuffer second = ByteBuffer.allocate(MSG / 2);
                        while (first.hasRemaining()) {
                            if (readSome(ch, first) < 0) {
                                throw new AssertionError("end of stream at reader " + id);
                            }
                        }
                        ByteBuffer[] rest = {second};
                        while (second.hasRemaining()) {
                            if (readScattered(ch, rest) < 0) {
                                throw new AssertionError("end of stream at reader " + id);
                            }
                        }
                        for (int i = 0; i < MSG; i++) {
                            byte got = i < MSG / 2 ? first.get(i) : second.get(i - MSG / 2);
                            if (got != expected(id, i)) {
                                throw new AssertionError("reader " + id + " byte " + i + ": " + got);
                            }
                        }
                        checked.addAndGet(MSG);
                        done.done();
                    }));
                }
                Await.dumpShows(READERS + " readers in IO wait",
                        d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.read") == READERS);
                Chan<Integer> ping = Chan.make(0);
                Go.go(() -> ping.send(42)); // the one P still runs other goroutines
                assertEquals(42, ping.recv());
                threads.set(sched.stats().threads);
                for (SocketChannel s : servers) {
                    assertTrue(s.isBlocking(), "the channel stays in blocking mode");
                }
                for (int r = 0; r < READERS; r++) {
                    ByteBuffer msg = ByteBuffer.allocate(MSG);
                    for (int i = 0; i < MSG; i++) {
                        msg.put(expected(r, i));
                    }
                    msg.flip();
                    while (msg.hasRemaining()) {
                        writeSome(clients.get(r), msg);
                    }
                }
                done.await();
            })));
            assertTrue(threads.get() <= 1 + 8, threads.get() + " threads while " + READERS + " goroutines waited at GOMAXPROCS 1");
            assertEquals((long) READERS * MSG, checked.get(), "every byte read and checked");
        } finally {
            for (SocketChannel c : clients) {
                c.close();
            }
            for (SocketChannel s : servers) {
                s.close();
            }
        }
    }

    @Test
    void closeWakesAParkedAcceptWithTheJdksExceptionAndFreesThePortAtOnce() {
        Pins.none(() -> NetTests.run("blocking-accept-close", 4, () -> {
            ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK);
            SocketAddress at = l.getLocalAddress();
            Chan<Throwable> outcome = Chan.make(1);
            Go.go(io(() -> {
                try {
                    acceptOne(l);
                    outcome.send(new AssertionError("accept returned"));
                } catch (ClosedChannelException e) {
                    outcome.send(e);
                }
            }));
            Await.dumpShows("accept in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.accept") == 1);
            assertTrue(l.isBlocking());
            l.close();
            Throwable t = outcome.recv();
            assertEquals(AsynchronousCloseException.class, t.getClass(), String.valueOf(t));
            try (ServerSocketChannel again = ServerSocketChannel.open()) {
                again.bind(at); // the closed listener released its port before close() returned
            }
            AtomicReference<Throwable> jdk = new AtomicReference<>();
            Thread plain = new Thread(() -> {
                try {
                    l.accept();
                } catch (Throwable e) {
                    jdk.set(e);
                }
            });
            plain.start();
            Await.until("the plain thread's accept on the closed channel failed", () -> jdk.get() != null, plain::toString);
            try {
                acceptOne(l);
                throw new AssertionError("accept on a closed channel returned");
            } catch (ClosedChannelException e) {
                assertEquals(jdk.get().getClass(), e.getClass(), "what the JDK throws on a plain thread");
            }
        }));
    }

    @Test
    void anInterruptWakesAParkedReadWhoseCallThenFailsAsTheJdksDoes() throws Exception {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK);
             SocketChannel client = SocketChannel.open(l.getLocalAddress());
             SocketChannel server = l.accept()) {
            AtomicReference<Object> seen = new AtomicReference<>();
            Pins.none(() -> NetTests.run("blocking-interrupt", 4, () -> {
                try (GoExecutorService ex = Go.executor()) {
                    Future<Object> f = ex.submit(() -> {
                        try {
                            Object n = readSome(server, ByteBuffer.allocate(1));
                            seen.set(n);
                            return n;
                        } catch (IOException e) {
                            seen.set(e);
                            return e;
                        }
                    });
                    Await.dumpShows("the task's read in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.read") == 1);
                    assertTrue(f.cancel(true)); // interrupts the task's goroutine
                } // close waits for the task
            }));
            assertEquals(ClosedByInterruptException.class, seen.get().getClass(), String.valueOf(seen.get()));
            assertTrue(!server.isOpen(), "the JDK closed the channel of the interrupted call");
        }
    }

    @Test
    void aPlainThreadOnTheSameChannelBlocksAndReadsAsWithoutJgo() throws Exception {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK);
             SocketChannel client = SocketChannel.open(l.getLocalAddress());
             SocketChannel server = l.accept()) {
            AtomicReference<Object> plain = new AtomicReference<>();
            Pins.none(() -> NetTests.run("blocking-shared", 4, () -> {
                Chan<Integer> goroutineGot = Chan.make(1);
                Go.go(io(() -> {
                    ByteBuffer b = ByteBuffer.allocate(1);
                    int n = readSome(server, b);
                    goroutineGot.send(n == 1 ? (int) b.get(0) : -100 - n);
                }));
                Await.dumpShows("the goroutine in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.read") == 1);
                Thread t = new Thread(() -> {
                    ByteBuffer b = ByteBuffer.allocate(1);
                    try {
                        int n = server.read(b); // a plain thread: the JDK's blocking read, untouched
                        plain.set(n == 1 ? (Object) (int) b.get(0) : "read " + n);
                    } catch (IOException e) {
                        plain.set(e);
                    }
                }, "plain-reader");
                t.start();
                Await.until("the plain thread blocked in read", () -> t.getState() == Thread.State.RUNNABLE
                        && java.util.Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals("read")), t::toString);
                assertTrue(server.isBlocking());
                writeSome(client, ByteBuffer.wrap(new byte[] {1, 2}));
                int mine = goroutineGot.recv();
                Await.until("the plain thread read", () -> plain.get() != null, () -> String.valueOf(plain.get()));
                assertTrue(mine == 1 || mine == 2, "the goroutine read " + mine);
                assertEquals(3 - mine, plain.get(), "the plain thread read the other byte");
                assertTrue(server.isBlocking(), "the channel stays in blocking mode");
            }));
        }
    }
}
