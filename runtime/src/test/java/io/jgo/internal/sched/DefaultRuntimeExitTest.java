package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The default runtime never keeps the JVM alive: a program whose goroutines are still busy or parked
 * when {@code main} returns exits (its carriers are daemons; a shutdown hook stops the runtime).
 * A hang is the failure (the timeout).
 */
@Timeout(120)
class DefaultRuntimeExitTest {

    /** The program run in a fresh JVM. */
    public static final class Program {
        public static void main(String[] args) {
            WaitGroup never = new WaitGroup();
            never.add(1);
            WaitGroup started = new WaitGroup();
            started.add(2);
            Go.go(() -> {
                started.done();
                never.await(); // parked for good
            });
            Go.go(() -> {
                started.done();
                for (;;) {
                    Thread.onSpinWait(); // busy for good, in code that never yields
                }
            });
            started.await();
            System.out.println("main returns");
        }
    }

    @Test
    void jvmExitsWhileDefaultRuntimeGoroutinesAreBusyOrParked() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), Program.class.getName()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("main returns"), out);
    }
}
