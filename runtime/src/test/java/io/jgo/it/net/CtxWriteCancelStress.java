package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shape of a hang once seen (issue 32, item 4): many {@code Conn.write(ctx, ...)} calls on
 * connections whose peer does not read (so the writes park on a full send buffer), each context
 * ending at a random moment, by a cancel from another goroutine or by its own deadline. Every write
 * must return (an {@code InterruptedIOException}, or a {@code SocketTimeoutException} for a passed
 * deadline). A round that makes no progress for {@link #STALL} fails with a dump of every runtime
 * and of the plain threads blocked in jgo calls.
 */
final class CtxWriteCancelStress {

    /** No write returned for this long: a hang (healthy rounds take milliseconds). */
    static final Duration STALL = Duration.ofSeconds(20);
    /** {@code -Djgo.net.ctxWriteProgress=true} prints a line per round. */
    private static final boolean PROGRESS = Boolean.getBoolean("jgo.net.ctxWriteProgress");

    private final int conns;
    private final int writersPerConn;
    /** Shared by every write (each through its own view): direct, so a write copies nothing however often it retries. */
    private final ByteBuffer big = ByteBuffer.allocateDirect(4 << 20);

    CtxWriteCancelStress(int conns, int writersPerConn) {
        this.conns = conns;
        this.writersPerConn = writersPerConn;
    }

    /** Runs {@code rounds} rounds on a fresh runtime of {@code procs} Ps; throws AssertionError with a dump on a stall. */
    void run(String name, int procs, int rounds, long seed) {
        NetTests.run(name, procs, () -> {
            SplittableRandom random = new SplittableRandom(seed);
            long start = System.nanoTime();
            for (int r = 0; r < rounds; r++) {
                round(r, random.split());
                if (PROGRESS) {
                    System.err.println(name + ": round " + r + " done after " + (System.nanoTime() - start) / 1_000_000 + " ms");
                }
            }
        });
    }

    @Goroutine
    private void round(int round, SplittableRandom random) throws IOException {
        try (Listener l = Net.listen(LOOPBACK)) {
            List<Conn> clients = new ArrayList<>();
            List<Conn> servers = new ArrayList<>(); // accepted and never read: the writes fill the buffers and park
            try {
                for (int i = 0; i < conns; i++) {
                    clients.add(Net.dial(l.address()));
                    servers.add(l.accept());
                }
                int writes = conns * writersPerConn;
                AtomicInteger returned = new AtomicInteger();
                AtomicReference<Throwable> unexpected = new AtomicReference<>();
                WaitGroup wg = new WaitGroup();
                wg.add(writes);
                for (int i = 0; i < writes; i++) {
                    Conn c = clients.get(i % conns);
                    CancelContext ctx;
                    long delayMicros = random.nextLong(3_000);
                    boolean byDeadline = random.nextBoolean();
                    ctx = byDeadline ? Context.withTimeout(Context.background(), Duration.ofNanos(delayMicros * 1_000))
                            : Context.withCancel(Context.background());
                    Go.go(io(() -> {
                        try {
                            c.write(ctx, big.duplicate());
                        } catch (InterruptedIOException e) {
                            // the context ended: expected (a SocketTimeoutException for its deadline)
                        } catch (Throwable t) {
                            unexpected.compareAndSet(null, t);
                        } finally {
                            ctx.cancel();
                            returned.incrementAndGet();
                            wg.done();
                        }
                    }));
                    if (!byDeadline) {
                        int spins = random.nextInt(4);
                        Go.go(() -> {
                            if (delayMicros % 2 == 0) {
                                Go.sleep(Duration.ofNanos(delayMicros * 1_000));
                            }
                            for (int k = 0; k < spins; k++) {
                                Go.gosched();
                            }
                            ctx.cancel();
                        });
                    }
                }
                awaitProgress(round, wg, returned, writes);
                if (unexpected.get() != null) {
                    throw new AssertionError("round " + round + ": a write failed otherwise", unexpected.get());
                }
            } finally {
                for (Conn c : clients) {
                    c.close();
                }
                for (Conn c : servers) {
                    c.close();
                }
            }
        }
    }

    /** Until every write returned; fails with a dump when none returns for {@link #STALL}. */
    @Goroutine
    private static void awaitProgress(int round, WaitGroup wg, AtomicInteger returned, int writes) {
        Chan<Boolean> done = Chan.make(1);
        Go.go(() -> {
            wg.await();
            done.send(true);
        });
        int seen = -1;
        long lastProgress = System.nanoTime();
        for (;;) {
            boolean[] finished = {false};
            Select.select(Select.recv(done, v -> finished[0] = true),
                    Select.recv(Go.after(Duration.ofMillis(500)), t -> { }));
            if (finished[0]) {
                return;
            }
            int now = returned.get();
            if (now != seen) {
                seen = now;
                lastProgress = System.nanoTime();
            } else if (System.nanoTime() - lastProgress > STALL.toNanos()) {
                throw new AssertionError("round " + round + ": " + (writes - now) + " of " + writes
                        + " writes did not return in " + STALL.toSeconds() + " s; every runtime:\n"
                        + io.jgo.internal.observe.Observe.dumpAll());
            }
        }
    }
}
