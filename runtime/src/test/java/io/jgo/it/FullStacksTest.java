package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces taken inside a frame g0 re-entered alone (a goroutine's resume after its second
 * suspension): by default they stop at the resume entry, without the frame's logical caller;
 * with {@code -Djgo.fullStacks=true} every resume is eager and they are whole. A fresh JVM each,
 * with the agent: the setting is read once per JVM.
 */
@Timeout(60)
class FullStacksTest {

    @TempDir
    Path dir;

    public static final class Program {
        public static void main(String[] args) {
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    caller();
                    wg.done();
                });
                wg.await();
            });
        }

        @Goroutine
        static void caller() {
            callee();
        }

        @Goroutine
        static void callee() {
            Go.gosched(); // the first unwind: resumed the eager way
            Go.gosched(); // laid out lazily: this frame is re-entered alone, caller() stays saved
            System.out.println("throwable: " + hasCaller(new Throwable().getStackTrace()));
            System.out.println("thread: " + hasCaller(Thread.currentThread().getStackTrace()));
            System.out.println("walker: " + StackWalker.getInstance().walk(s -> s.anyMatch(f -> f.getMethodName().equals("caller"))));
        }

        private static boolean hasCaller(StackTraceElement[] trace) {
            return Arrays.stream(trace).anyMatch(e -> e.getMethodName().equals("caller"));
        }
    }

    private Forked.Result run(String... settings) throws Exception {
        List<String> jvm = new ArrayList<>(Forked.agent());
        jvm.addAll(List.of(settings));
        Forked.Result r = Forked.run(dir, jvm, Program.class);
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    @Test
    void byDefaultATraceInsideAFrameReenteredAloneLacksItsCaller() throws Exception {
        Forked.Result r = run();
        assertTrue(r.stdout().contains("throwable: false\nthread: false\nwalker: false"), r.toString());
    }

    @Test
    void withFullStacksEveryTraceInsideAGoroutineIsWhole() throws Exception {
        Forked.Result r = run("-Djgo.fullStacks=true");
        assertTrue(r.stdout().contains("throwable: true\nthread: true\nwalker: true"), r.toString());
    }
}
