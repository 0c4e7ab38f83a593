package io.jgo.it.net;

import static io.jgo.it.net.IoBody.io;
import static io.jgo.it.net.NetTests.LOOPBACK;

import io.jgo.CancelContext;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Heavy;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32's hang in the shape that found it: a plain thread (a program's main) starts 200
 * goroutines on the default runtime, each parked in {@code Conn.write(ctx, ...)} on a connection
 * whose peer never reads, and cancels their contexts at random moments (a third end by their own
 * deadline). The goroutines the cancels ready must run. Before the fix, an M blocked in the
 * network poll was handed a P and never woken (a stale {@code NetPoll.wakeSig} after a
 * non-blocking select had cleared the pending {@code Selector.wakeup()}), counted as spinning, so
 * nobody else started: about one run of 200 rounds in six hung with the readied writers queued.
 * {@code -Djgo.net.ctxWriteRounds} rounds (default 40).
 */
@Heavy
@Timeout(value = 30, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CtxWritePlainCancelStressTest {

    private static final int ROUNDS = Integer.getInteger("jgo.net.ctxWriteRounds", 40);

    @Test
    void writesCancelledByAPlainThreadAllReturn() throws Exception {
        SplittableRandom random = new SplittableRandom(16);
        ByteBuffer big = ByteBuffer.allocateDirect(4 << 20);
        for (int r = 0; r < ROUNDS; r++) {
            try (Listener l = Net.listen(LOOPBACK)) {
                List<Conn> conns = new ArrayList<>();
                try {
                    for (int i = 0; i < 40; i++) {
                        conns.add(Net.dial(l.address()));
                        conns.add(l.accept()); // never read: the writes park on full buffers
                    }
                    CountDownLatch done = new CountDownLatch(200);
                    List<CancelContext> ctxs = new ArrayList<>();
                    for (int i = 0; i < 200; i++) {
                        Conn c = conns.get(2 * (i % 40));
                        CancelContext ctx = random.nextInt(3) == 0
                                ? Context.withTimeout(Context.background(), Duration.ofNanos(random.nextLong(3_000_000)))
                                : Context.withCancel(Context.background());
                        ctxs.add(ctx);
                        Go.go(io(() -> {
                            try {
                                c.write(ctx, big.duplicate());
                            } catch (InterruptedIOException e) {
                                // the context ended: expected
                            } finally {
                                done.countDown();
                            }
                        }));
                    }
                    for (CancelContext ctx : ctxs) {
                        if (random.nextInt(4) == 0) {
                            Thread.sleep(0, random.nextInt(500_000));
                        }
                        ctx.cancel();
                    }
                    if (!done.await(CtxWriteCancelStress.STALL.toSeconds(), TimeUnit.SECONDS)) {
                        throw new AssertionError("round " + r + ": " + done.getCount() + " of 200 writes did not return; every runtime:\n"
                                + io.jgo.internal.observe.Observe.dumpAll());
                    }
                } finally {
                    for (Conn c : conns) {
                        c.close();
                    }
                }
            }
        }
    }
}
