package io.jgo.it;

import static io.jgo.Go.go;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's {@code stress=P}: every call in a rewritten class becomes a suspension point and a
 * share P of goroutine runs yield at the first one they reach. At P = 1 a program that computes
 * through recursion, loops, lambdas, exceptions, a map and channels yields many times more, at
 * points that never yield otherwise, and prints exactly what it prints without stress.
 */
@Timeout(120)
class StressModeTest {

    /** The program: deterministic output whatever the interleaving. */
    public static final class Program {
        public static void main(String[] args) {
            Go.run(() -> System.out.println(compute()));
        }

        @Goroutine
        static String compute() {
            Chan<Integer> results = Chan.make(4);
            WaitGroup wg = new WaitGroup();
            for (int w = 0; w < 4; w++) {
                int id = w;
                wg.add(1);
                go(() -> {
                    results.send(work(id));
                    wg.done();
                });
            }
            wg.await();
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                all.add(results.recv());
            }
            all.sort(Integer::compare);
            return all + " " + histogram(50);
        }

        static int work(int id) {
            int sum = 0;
            for (int i = 0; i < 20; i++) {
                try {
                    sum += fib(id + i % 7) + checked(i);
                } catch (IllegalArgumentException e) {
                    sum -= e.getMessage().length();
                }
            }
            return sum;
        }

        static int fib(int n) {
            return n < 2 ? n : fib(n - 1) + fib(n - 2);
        }

        static int checked(int i) {
            if (i % 5 == 0) {
                throw new IllegalArgumentException("five " + i);
            }
            return i * 3;
        }

        static String histogram(int n) {
            TreeMap<Integer, Integer> counts = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                counts.merge(collatzSteps(i + 1) % 5, 1, Integer::sum);
            }
            return counts.toString();
        }

        static int collatzSteps(long n) {
            int steps = 0;
            while (n != 1) {
                n = n % 2 == 0 ? n / 2 : 3 * n + 1;
                steps++;
            }
            return steps;
        }
    }

    private static final Pattern STRESS_YIELDS = Pattern.compile("jgo-counts .* stressYields=(\\d+)");

    @Test
    void underStressOneTheResultIsUnchangedAndEveryRunYields(@TempDir Path dir) throws Exception {
        String agent = Forked.agent().get(0);
        Forked.Result plain = Forked.run(dir, List.of(agent, "-Djgo.counts=true"), Program.class);
        assertEquals(0, plain.exit(), plain.toString());
        assertEquals(0, stressYields(plain), "no stress, no forced yield:\n" + plain);

        Forked.Result stressed = Forked.run(dir, List.of(agent + "=stress=1.0", "-Djgo.counts=true", "-Djgo.stress.seed=7"),
                Program.class);
        assertEquals(0, stressed.exit(), stressed.toString());
        assertEquals(plain.stdout(), stressed.stdout(), "stress must not change the result");
        assertTrue(stressed.stderr().contains("-Djgo.stress.seed=7 repeats these coins"), "the seed is printed:\n" + stressed);
        // fib, work, checked, histogram... are rewritten only because stress makes every call a
        // suspension point: thousands of calls, each a forced yield at P = 1.
        long forced = stressYields(stressed);
        assertTrue(forced > 1000, "expected a forced yield at nearly every call, saw " + forced + ":\n" + stressed);
    }

    @Test
    void aStressThatIsNotAProbabilityStopsTheRuntimeSayingSo(@TempDir Path dir) throws Exception {
        Forked.Result bad = Forked.run(dir, List.of(Forked.agent().get(0), "-Djgo.stress=lots"), Program.class);
        assertTrue(bad.exit() != 0, bad.toString());
        assertTrue(bad.stderr().contains("-Djgo.stress") && bad.stderr().contains("expected a probability from 0 to 1"),
                bad.toString());
    }

    private static long stressYields(Forked.Result r) {
        Matcher m = STRESS_YIELDS.matcher(r.stderr());
        assertTrue(m.find(), "no jgo-counts line:\n" + r);
        return Long.parseLong(m.group(1));
    }
}
