package io.jgo.it.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a goroutine that calls a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel}
 * itself (not {@code io.jgo.net}) costs: the rewrite wraps the call as a blocking syscall, so the
 * goroutine's P is handed off at once and other goroutines run, but the goroutine keeps its
 * carrier thread until the call returns (why it does not park on the poller: the package comment
 * of {@code io.jgo.net}). At one P with preemption off, the peer is served by another goroutine, so
 * the program ends only if the blocked call gave its P up (a hang, caught by the timeout, is the
 * failure); the trace shows the blocking syscall's entry.
 */
// SEPARATE_THREAD: without the handoff the runtime's only P stays with a carrier blocked in the
// channel, which an interrupt of the test thread does not end.
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BlockingChannelHandoffTest {

    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Goroutine
    static int readOne(SocketChannel in, AtomicBoolean reading) throws IOException {
        reading.set(true);
        return in.read(ByteBuffer.allocate(1)); // blocking mode: a wrapped call, the P handed off at once
    }

    @Goroutine
    static SocketChannel acceptOne(ServerSocketChannel l, AtomicBoolean accepting) throws IOException {
        accepting.set(true);
        return l.accept();
    }

    @Test
    void aBlockingModeReadHandsItsPOffAtOnceAndKeepsItsCarrier() throws Exception {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK);
             SocketChannel client = SocketChannel.open(l.getLocalAddress());
             SocketChannel server = l.accept()) {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong reader = new AtomicLong();
            AtomicInteger got = new AtomicInteger(-2);
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("blocking-read", 1, rec).runMain(() -> {
                AtomicBoolean reading = new AtomicBoolean();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    reader.set(Sched.currentG().id());
                    try {
                        got.set(readOne(server, reading));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    wg.done();
                });
                while (!reading.get()) {
                    Go.gosched(); // one P: this runs again only once the reader blocked and handed its P off
                }
                try {
                    client.write(ByteBuffer.wrap(new byte[] {42}));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                wg.await();
            }));
            assertEquals(1, got.get(), "one byte read");
            TraceRecorder.Rec enter = rec.first(Trace.Event.SYSCALL_ENTER, reader.get());
            assertNotNull(enter, "the channel read did not enter a syscall (not wrapped): " + rec.events);
            assertEquals(1, enter.n, "a blocking-mode channel read enters a blocking syscall (the P is handed off at once)");
        }
    }

    @Test
    void aBlockingModeAcceptHandsItsPOffAtOnce() throws Exception {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK)) {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong acceptor = new AtomicLong();
            AtomicBoolean accepted = new AtomicBoolean();
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("blocking-accept", 1, rec).runMain(() -> {
                AtomicBoolean accepting = new AtomicBoolean();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    acceptor.set(Sched.currentG().id());
                    try (SocketChannel c = acceptOne(l, accepting)) {
                        accepted.set(c != null);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    wg.done();
                });
                while (!accepting.get()) {
                    Go.gosched();
                }
                try (SocketChannel c = SocketChannel.open(l.getLocalAddress())) {
                    wg.await();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
            assertEquals(true, accepted.get());
            TraceRecorder.Rec enter = rec.first(Trace.Event.SYSCALL_ENTER, acceptor.get());
            assertNotNull(enter, "the accept did not enter a syscall (not wrapped): " + rec.events);
            assertEquals(1, enter.n, "a blocking-mode accept enters a blocking syscall");
        }
    }
}
