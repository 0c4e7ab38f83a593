package io.jgo.it.lincheck;

import io.jgo.Go;
import io.jgo.Select;
import io.jgo.Timer;
import io.jgo.TimerProbe;
import io.jgo.testing.Heavy;
import java.time.Duration;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of one {@link Timer} against Go 1.23's sequential rules ({@link Spec}), in
 * Lincheck's stress mode: plain threads race {@code stop}, {@code reset} (to now, so it is due at
 * once, or to an hour), the timer heap's firing ({@link TimerProbe#fireAsHeap}) and non-blocking
 * receives ({@code tryRecv}, a one-case select with a default). The rules: the timer is running
 * from creation or a reset until a stop or until its value is received; stop and reset return
 * whether it was running; a receive gets a value exactly when the timer is running and due; the
 * heap's firing changes nothing a user can see (the channel looks unbuffered).
 */
@Timeout(300)
@Heavy
class TimerLincheckTest {

    @Test
    void stopResetFireAndReceiveAreLinearizable() {
        StressOptions options = LincheckBudget.stressOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(2)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    /** The concurrent object under test: one timer, running for an hour from creation. */
    public static class Ops {
        private final Timer t = Go.newTimer(Duration.ofHours(1));

        @Operation
        public boolean stop() {
            return t.stop();
        }

        @Operation
        public boolean resetNow() {
            return t.reset(Duration.ZERO);
        }

        @Operation
        public boolean resetLater() {
            return t.reset(Duration.ofHours(1));
        }

        @Operation
        public void fire() {
            TimerProbe.fireAsHeap(t);
        }

        @Operation
        public boolean tryRecv() {
            return t.c().tryRecv() != null;
        }

        /** {@code select { case <-t.C: ...; default: ... }}: true when the timer case fired. */
        @Operation
        public boolean selectRecv() {
            return Select.select(Select.recv(t.c(), v -> { }), Select.otherwise(() -> { })) == 0;
        }
    }

    /** Go 1.23's rules, one operation at a time. */
    public static class Spec {
        private boolean running = true;
        private boolean due;

        public boolean stop() {
            boolean was = running;
            running = false;
            return was;
        }

        public boolean resetNow() {
            boolean was = running;
            running = true;
            due = true;
            return was;
        }

        public boolean resetLater() {
            boolean was = running;
            running = true;
            due = false;
            return was;
        }

        public void fire() {
            // the value moves into the channel's hidden slot: nothing a user can tell apart
        }

        public boolean tryRecv() {
            if (running && due) {
                running = false;
                return true;
            }
            return false;
        }

        public boolean selectRecv() {
            return tryRecv();
        }
    }
}
