package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static io.jgo.it.net.NetTests.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.ContextProbe;
import io.jgo.Go;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads and writes that take a {@code Context}: a context that has ended, or ends while they wait,
 * fails them with its error as the cause and leaves the connection usable; the connection's own
 * deadline and the context's race fairly; a close still wins; nothing stays registered with the
 * context afterwards.
 */
// SEPARATE_THREAD: a wake-up that never comes leaves the test thread (the runtime's M0) waiting for
// the main goroutine, which an interrupt does not end; the timeout must fail the test, not wait on it.
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ContextIoTest {

    @Test
    void aContextEndedBeforeTheReadFailsItAndTheDataWaitsForTheNextRead() {
        Pins.none(() -> NetTests.run("ctx-before", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                s.write(ascii("kept"));
                CancelContext ctx = Context.withCancel(Context.background());
                ctx.cancel();
                ByteBuffer b = ByteBuffer.allocate(16);
                InterruptedIOException e = expectInterrupted(() -> c.read(ctx, b));
                assertSame(Context.CANCELED, e.getCause());
                assertEquals(0, b.position(), "nothing was read");
                readFully(c, b, 4);
                assertEquals("kept", ascii(b));
            }
        }));
    }

    @Test
    void cancellingWakesAParkedReaderAndTheConnectionStaysUsable() {
        Pins.none(() -> NetTests.run("ctx-during", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                CancelContext parent = Context.withCancel(Context.background());
                Context ctx = Context.withValue(parent, "request", 7); // cancellation reaches through the chain
                Chan<Throwable> outcome = Chan.make(1);
                Go.go(io(() -> outcome.send(failure(() -> c.read(ctx, ByteBuffer.allocate(1))))));
                Await.dumpShows("the reader parked in IO wait", d -> d.contains("[IO wait]") && d.contains("Conn.read"));
                parent.cancel();
                Throwable t = outcome.recv();
                assertEquals(InterruptedIOException.class, t.getClass(), String.valueOf(t));
                assertSame(Context.CANCELED, t.getCause());
                s.write(ascii("still usable"));
                ByteBuffer b = ByteBuffer.allocate(16);
                readFully(c, b, "still usable".length());
                assertEquals("still usable", ascii(b));
            }
        }));
    }

    @Test
    void theContextsDeadlineEndsTheReadWhenItComesFirst() {
        Pins.none(() -> NetTests.run("ctx-deadline", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                c.setReadDeadline(Instant.now().plus(Duration.ofHours(1)));
                CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofMillis(20));
                Throwable t = failure(() -> c.read(ctx, ByteBuffer.allocate(1)));
                assertTrue(t instanceof SocketTimeoutException, String.valueOf(t));
                assertSame(Context.DEADLINE_EXCEEDED, t.getCause());
                s.write(ascii("x")); // the connection's own deadline was left alone
                ByteBuffer b = ByteBuffer.allocate(1);
                readFully(c, b, 1);
                assertEquals(0, ContextProbe.children(ctx));
            }
        }));
    }

    @Test
    void theConnectionsDeadlineEndsTheReadWhenItComesFirst() {
        Pins.none(() -> NetTests.run("conn-deadline", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofHours(1));
                c.setReadDeadline(Instant.now().plusMillis(20));
                Throwable t = failure(() -> c.read(ctx, ByteBuffer.allocate(1)));
                assertTrue(t instanceof SocketTimeoutException, String.valueOf(t));
                assertNull(t.getCause(), "the connection's timeout, not the context's");
                assertNull(ctx.err());
                assertEquals(0, ContextProbe.children(ctx), "the read left nothing registered");
                ctx.cancel();
            }
        }));
    }

    @Test
    void closeWakesAContextReadWithAnAsynchronousClose() {
        Pins.none(() -> NetTests.run("ctx-close", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                CancelContext ctx = Context.withCancel(Context.background());
                Chan<Throwable> outcome = Chan.make(1);
                Go.go(io(() -> outcome.send(failure(() -> c.read(ctx, ByteBuffer.allocate(1))))));
                Await.dumpShows("the reader parked in IO wait", d -> d.contains("[IO wait]") && d.contains("Conn.read"));
                assertEquals(1, ContextProbe.children(ctx), "the parked read is registered");
                c.close();
                Throwable t = outcome.recv();
                assertTrue(t instanceof AsynchronousCloseException, String.valueOf(t));
                assertEquals(0, ContextProbe.children(ctx), "and no longer once it failed");
                assertNull(ctx.err());
                ctx.cancel();
            }
        }));
    }

    @Test
    void cancellingWakesAWriterTheReaderDoesNotDrainAndTheWriteCanGoOn() {
        Pins.none(() -> NetTests.run("ctx-write", 4, () -> {
            try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
                CancelContext ctx = Context.withCancel(Context.background());
                ByteBuffer big = ByteBuffer.allocate(32 << 20);
                Chan<Throwable> outcome = Chan.make(1);
                Go.go(io(() -> outcome.send(failure(() -> c.write(ctx, big)))));
                Await.dumpShows("the writer parked in IO wait", d -> d.contains("[IO wait]") && d.contains("Conn.write"));
                ctx.cancel();
                Throwable t = outcome.recv();
                assertEquals(InterruptedIOException.class, t.getClass(), String.valueOf(t));
                assertTrue(big.position() > 0 && big.hasRemaining(), "partly written: " + big);
                Chan<Long> read = Chan.make(1);
                Go.go(io(() -> {
                    long n = 0;
                    ByteBuffer b = ByteBuffer.allocate(1 << 16);
                    for (int k; (k = s.read(b.clear())) >= 0; ) {
                        n += k;
                    }
                    read.send(n);
                }));
                c.write(big);
                c.closeWrite();
                assertEquals(32L << 20, read.recv());
            }
        }));
    }

    @Test
    void aPlainThreadsContextReadIsWokenByTheCancelToo() throws Exception {
        try (Listener l = Net.listen(LOOPBACK); Conn c = Net.dial(l.address()); Conn s = l.accept()) {
            CancelContext ctx = Context.withCancel(Context.background());
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread reader = new Thread(() -> outcome.set(failure(() -> c.read(ctx, ByteBuffer.allocate(1)))));
            reader.start();
            Await.until("the thread waits on the connection", () -> waitsAsThread(reader),
                    () -> java.util.Arrays.toString(reader.getStackTrace()));
            ctx.cancel();
            reader.join();
            assertEquals(InterruptedIOException.class, outcome.get().getClass(), String.valueOf(outcome.get()));
            s.write(ascii("y"));
            ByteBuffer b = ByteBuffer.allocate(1);
            assertEquals(1, c.read(b));
        }
    }

    /** Is {@code t} inside a plain thread's wait on a connection (blocked in the poll, or parked)? */
    private static boolean waitsAsThread(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getMethodName().equals("awaitAsThread")) {
                return true;
            }
        }
        return false;
    }

    /** A call that must fail: its exception. */
    @io.jgo.Goroutine
    private static Throwable failure(IoBody call) {
        try {
            call.run();
        } catch (IOException e) {
            return e;
        }
        return new AssertionError("the call returned");
    }

    @io.jgo.Goroutine
    private static InterruptedIOException expectInterrupted(IoBody call) {
        Throwable t = failure(call);
        assertTrue(t instanceof InterruptedIOException, String.valueOf(t));
        return (InterruptedIOException) t;
    }

    @io.jgo.Goroutine
    private static void readFully(Conn c, ByteBuffer b, int n) throws IOException {
        while (b.position() < n) {
            if (c.read(b) < 0) {
                throw new AssertionError("end of stream after " + b.position());
            }
        }
    }
}
