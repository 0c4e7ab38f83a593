package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.InterruptedIOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Dials that cannot complete: a listener whose accept queue is full drops new connection requests,
 * so a connect stays in progress until a timeout or a context ends it.
 */
@Timeout(60)
class DialTest {

    private ServerSocketChannel full;
    private final List<SocketChannel> fillers = new ArrayList<>();

    @BeforeEach
    void fillAnAcceptQueue() throws Exception {
        full = ServerSocketChannel.open().bind(LOOPBACK, 1); // never accepts
        for (int i = 0; i < 8; i++) { // more than the queue holds: the later ones stay in SYN_SENT
            SocketChannel s = SocketChannel.open();
            s.configureBlocking(false);
            s.connect(full.getLocalAddress());
            fillers.add(s);
        }
    }

    @AfterEach
    void close() throws Exception {
        for (SocketChannel s : fillers) {
            s.close();
        }
        full.close();
    }

    @Test
    void dialTimeoutEndsAConnectThatDoesNotComplete() {
        SocketAddress to = address();
        Pins.none(() -> NetTests.run("dial-timeout", 4, () -> {
            try {
                Net.dial(to, Duration.ofMillis(50)).close();
                throw new AssertionError("connected to a full accept queue");
            } catch (SocketTimeoutException expected) {
                assertTrue(expected.getMessage().contains("i/o timeout"), expected.getMessage());
            }
        }));
    }

    @Test
    void cancellingTheContextEndsTheDial() {
        SocketAddress to = address();
        Pins.none(() -> NetTests.run("dial-cancel", 4, () -> {
            io.jgo.CancelContext ctx = Context.withCancel(Context.background());
            Chan<Throwable> outcome = Chan.make(1);
            Go.go(io(() -> {
                try {
                    Net.dial(ctx, to).close();
                    outcome.send(new AssertionError("connected to a full accept queue"));
                } catch (InterruptedIOException e) {
                    outcome.send(e);
                }
            }));
            Await.dumpShows("the dial parked in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Net.dial") == 1);
            ctx.cancel();
            Throwable t = outcome.recv();
            assertEquals(InterruptedIOException.class, t.getClass(), String.valueOf(t));
            assertSame(Context.CANCELED, t.getCause());
        }));
    }

    @Test
    void theContextDeadlineBoundsTheDial() {
        SocketAddress to = address();
        Pins.none(() -> NetTests.run("dial-deadline", 4, () -> {
            Context ctx = Context.withDeadline(Context.background(), Instant.now().plusMillis(50));
            try {
                Net.dial(ctx, to).close();
                throw new AssertionError("connected to a full accept queue");
            } catch (SocketTimeoutException expected) {
                // the context's deadline passed
            }
        }));
    }

    private SocketAddress address() {
        try {
            return full.getLocalAddress();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
