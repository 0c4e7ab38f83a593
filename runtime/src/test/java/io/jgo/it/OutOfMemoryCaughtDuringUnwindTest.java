package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.StackAccess;
import io.jgo.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code OutOfMemoryError} that a goroutine's own code catches while the goroutine unwinds to
 * park: in a fresh JVM with a small heap, a goroutine descends 3,000 frames below a frame that
 * catches {@code OutOfMemoryError}, fills the heap (a little is given back) and parks on a channel.
 * Its records then outgrow the heap part way up, and the frame above catches the error. The
 * unwind is over there: the goroutine is no longer suspending, the records of the frames the error
 * left are dropped (with the heap they held), its waiter is off the channel and the channel's lock
 * released; it goes on with a sane stack: it yields, parks 200 frames deep again and computes what
 * plain Java computes, and its records pass their invariant check after each step. (Before, the
 * goroutine stayed marked suspending: the next call in the handler "unwound" with the stale park,
 * the channel stayed locked and the run hung.)
 */
@Timeout(120)
class OutOfMemoryCaughtDuringUnwindTest {

    @TempDir
    Path dir;

    public static final class Program {
        /** Memory given back right before the park: enough for the park itself and the first records, not for 3,000. */
        static volatile long[] reserve;

        public static void main(String[] args) {
            warmUp();
            Chan<Integer> never = Chan.make(); // nobody sends: the deep goroutine parks on it
            Chan<Integer> later = Chan.make();
            Chan<String> report = Chan.make(1);
            Go.run(() -> {
                Go.maxProcs(4);
                Go.go(() -> {
                    // main first parks (and allocates nothing more while the heap is full)
                    Await.dumpShows("main parked in its send", d -> d.contains("[chan send"));
                    report.send(afterwards(guarded(never, true), later));
                });
                later.send(5); // the goroutine, 200 frames down again, waits for it
                System.out.println(report.recv());
            });
            // neither the waiter nor the lock of the park that never happened is left on the channel
            System.out.println("a receiver waits on the channel: " + never.trySend(1));
            never.close(); // takes the channel's lock
            System.out.println("closed");
        }

        /** The frame that catches: the error reaches it while the frames below unwind. */
        @Goroutine
        static String guarded(Chan<Integer> c, boolean fillFirst) {
            try {
                return "returned " + descend(3_000, 1, c, fillFirst);
            } catch (OutOfMemoryError e) {
                return "caught";
            }
        }

        /** What the goroutine does after the catch: a yield, a park 200 frames down, the invariants after each. */
        @Goroutine
        static String afterwards(String how, Chan<Integer> later) {
            StackAccess.checkInvariants(Stack.current());
            Go.gosched();
            StackAccess.checkInvariants(Stack.current());
            long deep = descend(200, 1, later, false);
            StackAccess.checkInvariants(Stack.current());
            return how + ", then " + (deep == plainDescend(200, 1, 5) ? "the same as plain Java" : "got " + deep);
        }

        /**
         * Every path the run takes after the heap fills, taken once with memory to spare, so that no
         * class is loaded (and rewritten by the agent) while the heap is full: both outcomes of
         * {@link #guarded} (an error thrown where the heap would run out), and what follows.
         */
        static void warmUp() {
            Go.run(() -> {
                Go.maxProcs(4);
                Chan<Integer> c = Chan.make();
                Go.go(() -> {
                    Await.dumpShows("main parked in its receive", d -> d.contains("[chan receive"));
                    c.send(1);
                });
                String returned = guarded(c, false); // parks 3,000 frames down, as the run below does
                String caught = guardedThrowing();
                Chan<Integer> later = Chan.make();
                Chan<String> report = Chan.make(1);
                Go.go(() -> report.send(afterwards(returned + caught, later)));
                later.send(5);
                String unused = report.recv();
            });
            Chan<Integer> c = Chan.make();
            c.trySend(1);
            c.close();
        }

        @Goroutine
        static String guardedThrowing() {
            try {
                if (reserve == null) {
                    throw new OutOfMemoryError("warm-up");
                }
                return "not thrown";
            } catch (OutOfMemoryError e) {
                return "caught";
            }
        }

        @Goroutine
        static long descend(int depth, long a, Chan<Integer> c, boolean fillFirst) {
            long b = a + 1;
            long d = b * 3;
            double e = d / 2.0;
            long f = (long) e ^ depth;
            if (depth == 0) {
                List<long[]> hog = null;
                if (fillFirst) {
                    reserve = new long[4096];
                    hog = fill(); // kept across the park: the unwind finds the heap all but full
                    reserve = null;
                }
                // one call site for both: the warm-up's park there checked (and cached) that it may unwind
                return c.recv() + (hog == null ? 0 : hog.size());
            }
            return descend(depth - 1, f, c, fillFirst) + a + b + d + f;
        }

        /** {@link #descend} as plain Java, the receive replaced by its value. */
        static long plainDescend(int depth, long a, int received) {
            long b = a + 1;
            long d = b * 3;
            double e = d / 2.0;
            long f = (long) e ^ depth;
            if (depth == 0) {
                return received;
            }
            return plainDescend(depth - 1, f, received) + a + b + d + f;
        }

        /** Keeps about all of the heap: 64 KB blocks until none fits, then 64-byte ones. */
        static List<long[]> fill() {
            List<long[]> hog = new ArrayList<>(1 << 16);
            try {
                for (;;) {
                    hog.add(new long[8192]);
                }
            } catch (OutOfMemoryError e) {
                // the heap is full of big blocks: fill what is left with small ones
            }
            try {
                for (;;) {
                    hog.add(new long[8]);
                }
            } catch (OutOfMemoryError e) {
                return hog;
            }
        }
    }

    @Test
    void aGoroutineThatCatchesTheErrorOfItsUnwindGoesOnWithASaneStack() throws Exception {
        List<String> jvm = new ArrayList<>(Forked.agent());
        // Without preemption: on a loaded machine the goroutine filling the heap runs past two time
        // slices, sysmon retakes its P, and the runtime's own code then allocates while the heap is
        // full (a carrier for the P, the deadlock check M0 runs once every P is idle): an error there is
        // the run's fatal error, as in Go, not what this test is about. With two CPU burners beside, 6
        // of 60 runs of the program ended so (and a CI run); with -Djgo.preempt=off, none of 64.
        jvm.addAll(List.of("-Xmx48m", "-XX:+UseSerialGC", "-Xss8m", "-Djgo.preempt=off"));
        Process p = Forked.builder(dir, jvm, Program.class).start();
        if (!p.waitFor(100, TimeUnit.SECONDS)) { // a bound for a hang, far above a slow run (seconds)
            p.destroyForcibly().waitFor();
            throw new AssertionError("the program hangs: " + read(-1));
        }
        Forked.Result r = read(p.exitValue());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("caught, then the same as plain Java"), r.toString());
        assertTrue(r.stdout().contains("a receiver waits on the channel: false"), r.toString());
        assertTrue(r.stdout().contains("closed"), r.toString());
        assertFalse(r.stderr().contains("saved frames of a goroutine were discarded"), r.toString());
        assertFalse(r.stderr().contains("Exception in thread \"jgo-"), "a jgo thread died: " + r);
    }

    private Forked.Result read(int exit) throws java.io.IOException {
        return new Forked.Result(exit, Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
    }
}
