package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sources that end a network wait ({@code poll.PollDesc}: readiness, the descriptor's deadline,
 * its close, a {@code Context}'s cancel) racing on parked readers: every reader ends exactly once,
 * with the outcome of one of the sources that raced (its read's result or failure), and none stays
 * parked. GOMAXPROCS 6 and 8 on 2 cores; the readers are waited for through the goroutine dump,
 * never for a time, and the sources start together from one channel close. Each reader sends one
 * outcome by construction (its read loop retries on every wake-up), so "once" is not counted on the
 * outcomes channel: a second ready of a reader not WAITING any more is refused by its status CAS
 * ({@code G.casStatus} throws in the waker); the waiter queues under the descriptor's lock are what
 * keep one waiter from being handed to two wakers.
 */
// SEPARATE_THREAD: a lost wake-up leaves the main goroutine waiting; the timeout must fail the test.
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PollDescRacesTest {

    private static final int PAIRS = 12;
    private static final String DATA = "data";
    private static final String CLOSED = "closed";
    private static final String TIMEOUT = "timeout";
    private static final String CANCELLED = "cancelled";

    @Test
    void readinessAndCloseRaceAndEachParkedReaderEndsOnce() {
        race("ready-close", 6, (c, s, ctx, start) -> {
            start.source(() -> s.write(ByteBuffer.wrap(new byte[] {1})));
            start.source(() -> c.close());
        }, false, DATA, CLOSED);
    }

    @Test
    void aDeadlineAndAContextCancelRaceAndEachParkedReaderEndsOnce() {
        race("deadline-cancel", 8, (c, s, ctx, start) -> {
            start.source(() -> c.setReadDeadline(Instant.now().minusSeconds(1)));
            start.source(() -> ctx.cancel());
        }, true, TIMEOUT, CANCELLED);
    }

    @Test
    void readinessADeadlineAndACloseRaceAndEachParkedReaderEndsOnce() {
        race("ready-deadline-close", 8, (c, s, ctx, start) -> {
            start.source(() -> s.write(ByteBuffer.wrap(new byte[] {1})));
            start.source(() -> c.setReadDeadline(Instant.now().minusSeconds(1)));
            start.source(() -> c.close());
        }, false, DATA, TIMEOUT, CLOSED);
    }

    /** The sources of one pair's race, each given to {@link Start#source}. */
    @FunctionalInterface
    private interface Sources {
        @io.jgo.Goroutine
        void start(Conn reader, Conn peer, CancelContext ctx, Start start) throws IOException;
    }

    /**
     * Starts the sources together and knows when they are done: the teardown closes the connections
     * only then (a source still on its way, say a write whose reader was already ended by the close,
     * would otherwise fail on a peer the teardown closed: a panic, not an outcome of the race).
     */
    private static final class Start {
        final Chan<Boolean> go = Chan.make(0);
        final WaitGroup done = new WaitGroup();

        /** {@code act} in a goroutine of its own, once {@link #go} is closed. */
        void source(IoBody act) {
            done.add(1);
            Go.go(io(() -> {
                try {
                    go.recv();
                    act.run();
                } finally {
                    done.done();
                }
            }));
        }
    }

    /**
     * {@link #PAIRS} readers park in {@code read} (with a context when {@code withContext}); once all
     * are parked the sources of every pair start together; each reader's one outcome must be among
     * {@code allowed}, and no reader is left parked.
     */
    private static void race(String name, int procs, Sources sources, boolean withContext, String... allowed) {
        Pins.none(() -> NetTests.run(name, procs, () -> {
            try (Listener l = Net.listen(LOOPBACK)) {
                Conn[] readers = new Conn[PAIRS];
                Conn[] peers = new Conn[PAIRS];
                CancelContext[] contexts = new CancelContext[PAIRS];
                Chan<String> outcomes = Chan.make(PAIRS);
                for (int i = 0; i < PAIRS; i++) {
                    Conn c = readers[i] = Net.dial(l.address());
                    peers[i] = l.accept();
                    CancelContext ctx = contexts[i] = Context.withCancel(Context.background());
                    Go.go(() -> outcomes.send(outcome(c, withContext ? ctx : null)));
                }
                Await.dumpShows(PAIRS + " readers parked in IO wait", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == PAIRS);
                Start start = new Start();
                for (int i = 0; i < PAIRS; i++) {
                    sources.start(readers[i], peers[i], contexts[i], start);
                }
                start.go.close(); // every source starts now
                List<String> allowedList = List.of(allowed);
                for (int i = 0; i < PAIRS; i++) {
                    String o = outcomes.recv();
                    assertTrue(allowedList.contains(o), o + " is not one of " + allowedList);
                }
                Await.dumpShows("no reader left parked", d -> Dumps.parkedIn(d, "IO wait", "Conn.read") == 0);
                start.done.await(); // before the teardown closes what a source may still use
                for (int i = 0; i < PAIRS; i++) {
                    readers[i].close();
                    peers[i].close();
                    contexts[i].cancel();
                }
            }
        }));
    }

    /** One read's outcome: what ended it. */
    @io.jgo.Goroutine
    private static String outcome(Conn c, Context ctx) {
        ByteBuffer b = ByteBuffer.allocate(1);
        try {
            int n = ctx == null ? c.read(b) : c.read(ctx, b);
            return n == 1 ? DATA : "read " + n;
        } catch (SocketTimeoutException e) {
            return TIMEOUT;
        } catch (InterruptedIOException e) {
            return e.getCause() == Context.CANCELED ? CANCELLED : "interrupted " + e;
        } catch (ClosedChannelException e) {
            return CLOSED;
        } catch (IOException e) {
            return "failed " + e;
        }
    }
}
