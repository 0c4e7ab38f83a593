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
import java.net.SocketAddress;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The blocking-mode channel calls that a goroutine still makes as a blocking syscall (its P handed
 * off at once, other goroutines run, but the goroutine keeps its carrier until the call returns):
 * a {@code read}/{@code write} whose static type is an interface ({@code ReadableByteChannel} and
 * the like: the rewrite substitutes only calls on {@code SocketChannel} and
 * {@code ServerSocketChannel}) and a blocking {@code connect} (its completion cannot be waited for
 * on the poller without switching the channel's mode). {@code BlockingChannelParkTest} shows the
 * calls that park instead; {@code io.jgo.aot.BuildTimeRewriteTest} the build-time path without
 * {@code --add-opens}, where they are all handed off. At one P with preemption off, the peer is
 * served by another goroutine, so the program ends only if the blocked call gave its P up (a hang,
 * caught by the timeout, is the failure); the trace shows the blocking syscall's entry.
 */
// SEPARATE_THREAD: without the handoff the runtime's only P stays with a carrier blocked in the
// channel, which an interrupt of the test thread does not end.
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BlockingChannelHandoffTest {

    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Goroutine
    static int readOne(ReadableByteChannel in, AtomicBoolean reading) throws IOException {
        reading.set(true);
        return in.read(ByteBuffer.allocate(1)); // through an interface: a wrapped call, the P handed off at once
    }

    @Goroutine
    static boolean connectOne(SocketChannel c, SocketAddress to) throws IOException {
        return c.connect(to); // blocking mode: a wrapped call
    }

    @Test
    void aBlockingModeReadThroughAnInterfaceHandsItsPOffAtOnceAndKeepsItsCarrier() throws Exception {
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
    void aBlockingConnectIsAHandedOffSyscall() throws Exception {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(LOOPBACK)) {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong connector = new AtomicLong();
            AtomicBoolean connected = new AtomicBoolean();
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("blocking-connect", 1, rec).runMain(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    connector.set(Sched.currentG().id());
                    try (SocketChannel c = SocketChannel.open()) {
                        connected.set(connectOne(c, l.getLocalAddress()) && c.isConnected());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    wg.done();
                });
                wg.await();
            }));
            assertEquals(true, connected.get());
            TraceRecorder.Rec enter = rec.first(Trace.Event.SYSCALL_ENTER, connector.get());
            assertNotNull(enter, "the connect did not enter a syscall (not wrapped): " + rec.events);
            assertEquals(1, enter.n, "a blocking-mode connect enters a blocking syscall");
        }
    }
}
