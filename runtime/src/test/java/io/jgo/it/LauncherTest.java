package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Go.run} leaves no thread behind in a launcher that, like {@code mvn exec:java}, runs the
 * program's main in a thread group of its own and, once main returns, interrupts every thread of
 * that group and waits for it to end (exec:java reports one that does not as "will linger"). The
 * launcher is reproduced here in a fresh JVM, with the JMX beans on and off; a bad setting is
 * refused by the default runtime on every use, not only the first.
 */
@Timeout(120)
class LauncherTest {

    @TempDir
    Path dir;

    /** A program's main, run the way exec:java runs it; prints the threads that would linger. */
    public static final class ExecJavaLike {
        public static void main(String[] args) throws Exception {
            ThreadGroup group = new ThreadGroup("exec-like");
            Thread main = new Thread(group, () -> Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(3);
                for (int i = 0; i < 3; i++) {
                    Go.go(wg::done);
                }
                wg.await();
            }), "exec-like-main");
            main.start();
            main.join();
            Thread[] threads = new Thread[group.activeCount() + 16];
            int n = group.enumerate(threads);
            for (int i = 0; i < n; i++) {
                threads[i].interrupt();
            }
            List<String> lingering = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                threads[i].join(10_000); // exec:java waits 15 s by default
                if (threads[i].isAlive()) {
                    lingering.add(threads[i].getName());
                }
            }
            System.out.println("lingering: " + lingering);
        }
    }

    @Test
    void goRunLeavesNoThreadForALauncherToWaitFor() throws Exception {
        Forked.Result r = Forked.run(dir, List.of(), ExecJavaLike.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("lingering: []"), r.toString());
    }

    @Test
    void withoutJmxNoThreadIsStartedAtAll() throws Exception {
        Forked.Result r = Forked.run(dir, List.of("-Djgo.jmx=off"), ExecJavaLike.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.stdout().contains("lingering: []"), r.toString());
    }

    /** Uses the default runtime twice under a bad setting: the same clear error both times. */
    public static final class DefaultRuntimeUnderABadSetting {
        public static void main(String[] args) {
            for (int i = 0; i < 2; i++) {
                try {
                    Go.go(() -> { });
                    System.out.println("started");
                } catch (RuntimeException | Error e) {
                    System.out.println("refused: " + e);
                }
            }
        }
    }

    @Test
    void theDefaultRuntimeRefusesABadSettingOnEveryUse() throws Exception {
        Forked.Result r = Forked.run(dir, List.of("-Djgo.maxprocs=abc"), DefaultRuntimeUnderABadSetting.class);
        assertEquals(0, r.exit(), r.toString());
        String refusal = "refused: java.lang.IllegalArgumentException: jgo: -Djgo.maxprocs=abc: expected a whole number from 0 to 1024";
        assertEquals(2, r.stdout().lines().filter(l -> l.startsWith(refusal)).count(), r.toString());
    }
}
