package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.PanicException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of memory while a goroutine's records grow: in a fresh JVM with a small heap, a
 * goroutine descends 3,000 frames, fills the heap and parks on a channel: its record, or the
 * segments its unwind needs, cannot be allocated, after the channel took its waiter under the
 * channel's lock. The goroutine fails with the error and {@code Go.run} throws it; the waiter is
 * gone and the lock released (a send finds no receiver, at once); the next run works.
 */
@Timeout(120)
class OutOfMemoryWhileSavingTest {

    @TempDir
    Path dir;

    public static final class Program {
        public static void main(String[] args) {
            warmUp();
            Chan<Integer> never = Chan.make(); // nobody sends: the deep goroutine parks on it
            try {
                Go.run(() -> {
                    Go.maxProcs(4);
                    Chan<Integer> done = Chan.make();
                    Go.go(() -> done.send((int) descend(3_000, 1, never)));
                    done.recv(); // main parks before the heap fills, and allocates nothing after
                });
                System.out.println("run returned");
            } catch (PanicException e) { // the goroutine's OutOfMemoryError, or its report's
                System.out.println("run threw " + (e.getCause() instanceof OutOfMemoryError || e.getMessage().contains("out of memory")
                        ? "for want of memory" : e.toString()));
            }
            // the failed park left neither its waiter nor its lock behind: a send finds no receiver, at once
            System.out.println("a receiver waits on the channel: " + never.trySend(1));
            int[] got = new int[1];
            Go.run(() -> {
                Chan<Integer> c = Chan.make();
                Go.go(() -> c.send(42));
                got[0] = c.recv();
            });
            System.out.println("next run: " + got[0]);
        }

        /**
         * Every path the failed run takes afterwards, taken once with memory to spare: its classes are
         * loaded (and rewritten by the agent, which needs heap for the bytes) before the heap is full.
         * Otherwise the first class loaded while the goroutine still holds the heap fails to load, on a
         * thread the test does not watch, and the run ends for that reason instead (seen once in CI).
         */
        static void warmUp() {
            try {
                Go.run(() -> {
                    Chan<Integer> done = Chan.make();
                    Go.go(() -> {
                        if (done != null) {
                            throw new OutOfMemoryError("warm-up");
                        }
                    });
                    done.recv();
                });
            } catch (PanicException expected) {
                String unused = expected.getMessage() + expected.getCause();
            }
            Chan<Integer> c = Chan.make();
            c.trySend(1);
            int[] got = new int[1];
            Go.run(() -> {
                Chan<Integer> d = Chan.make();
                Go.go(() -> d.send(42));
                got[0] = d.recv();
            });
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

        @Goroutine
        static long descend(int depth, long a, Chan<Integer> c) {
            long b = a + 1;
            long d = b * 3;
            double e = d / 2.0;
            long f = (long) e ^ depth;
            if (depth == 0) {
                List<long[]> hog = fill(); // kept across the park: the unwind finds the heap full
                return c.recv() + hog.size();
            }
            return descend(depth - 1, f, c) + a + b + d + f;
        }
    }

    @Test
    void aGoroutineThatCannotSaveItsFramesFailsAndTheChannelItParkedOnStaysUsable() throws Exception {
        List<String> jvm = new ArrayList<>(Forked.agent());
        jvm.addAll(List.of("-Xmx48m", "-XX:+UseSerialGC", "-Xss8m"));
        Process p = Forked.builder(dir, jvm, Program.class).start();
        if (!p.waitFor(100, TimeUnit.SECONDS)) { // a bound for a hang, far above a slow run (seconds)
            p.destroyForcibly().waitFor();
            Forked.Result r = read(-1);
            throw new AssertionError("the program hangs: " + r);
        }
        Forked.Result r = read(p.exitValue());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("run threw for want of memory"), r.toString());
        assertTrue(r.stdout().contains("a receiver waits on the channel: false"), r.toString());
        assertTrue(r.stdout().contains("next run: 42"), r.toString());
        assertFalse(r.stderr().contains("Exception in thread \"jgo-"), "a jgo thread died: " + r);
    }

    private Forked.Result read(int exit) throws java.io.IOException {
        return new Forked.Result(exit, Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
    }
}
