package io.jgo.it.lincheck;

import io.jgo.Chan;
import io.jgo.PanicException;
import io.jgo.Select;
import io.jgo.testing.Heavy;
import java.util.ArrayDeque;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of {@link Chan} and {@link Select}'s non-blocking paths against a sequential
 * specification ({@link Spec}: Go's buffered channel as a bounded FIFO with a closed flag), in
 * Lincheck's stress mode as kotlinx.coroutines checks its channels. Plain threads race
 * {@code trySend}, {@code tryRecv}, {@code len}, {@code close} and one-case selects with a default on
 * two buffered channels, so the lock-free {@code empty}/{@code full} checks, the per-channel lock and
 * the close path all meet. Only operations that never wait are used: a stress run cannot let a
 * thread block for ever. Bounded to a few seconds for CI.
 */
@Timeout(300)
@Heavy
class ChanLincheckTest {

    @Test
    void nonBlockingChannelOperationsAreLinearizable() {
        StressOptions options = LincheckBudget.stressOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    /** The concurrent object under test: two buffered channels (capacities 2 and 1). */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class Ops {
        private final Chan<Integer> a = Chan.make(2);
        private final Chan<Integer> b = Chan.make(1);

        @Operation
        public boolean trySendA(@Param(name = "v") int v) {
            return a.trySend(v);
        }

        @Operation
        public Integer tryRecvA() {
            return a.tryRecv();
        }

        @Operation
        public int lenA() {
            return a.len();
        }

        @Operation
        public String closeA() {
            return close(a);
        }

        /** {@code select { case b <- v: ...; default: ... }}. */
        @Operation
        public int selectSendB(@Param(name = "v") int v) {
            return Select.select(Select.send(b, v, () -> { }), Select.otherwise(() -> { }));
        }

        /** {@code select { case x, ok := <-a: ...; default: ... }}, reported as one string. */
        @Operation
        public String selectRecvOkA() {
            String[] got = {"default"};
            Select.select(Select.recvOk(a, r -> got[0] = r.value() + "/" + r.ok()), Select.otherwise(() -> { }));
            return got[0];
        }

        @Operation
        public Integer tryRecvB() {
            return b.tryRecv();
        }

        private static String close(Chan<Integer> ch) {
            try {
                ch.close();
                return "closed";
            } catch (PanicException e) {
                return e.getMessage(); // "close of closed channel"
            }
        }
    }

    /** The sequential specification: what Go's channels do, one operation at a time. */
    public static class Spec {
        private final ArrayDeque<Integer> a = new ArrayDeque<>();
        private final ArrayDeque<Integer> b = new ArrayDeque<>();
        private boolean aClosed;

        public boolean trySendA(int v) {
            if (aClosed) {
                throw new PanicException("send on closed channel");
            }
            return offer(a, 2, v);
        }

        public Integer tryRecvA() {
            return a.poll(); // empty, or closed and drained: null
        }

        public int lenA() {
            return a.size();
        }

        public String closeA() {
            if (aClosed) {
                return "close of closed channel";
            }
            aClosed = true;
            return "closed";
        }

        public int selectSendB(int v) {
            return offer(b, 1, v) ? 0 : 1;
        }

        public String selectRecvOkA() {
            Integer v = a.poll();
            if (v != null) {
                return v + "/true";
            }
            return aClosed ? "null/false" : "default";
        }

        public Integer tryRecvB() {
            return b.poll();
        }

        private static boolean offer(ArrayDeque<Integer> q, int cap, int v) {
            if (q.size() == cap) {
                return false;
            }
            q.add(v);
            return true;
        }
    }
}
