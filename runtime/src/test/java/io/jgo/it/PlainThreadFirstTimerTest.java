package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Select;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * Timers work from a plain thread from the very first call: each scenario runs in a fresh JVM whose
 * default runtime has never started a goroutine (so no carrier and no sysmon exist yet), and its
 * plain main thread waits on a timer. Before, nobody ever looked at the timer heaps and the wait
 * was endless; a scenario that does not finish within a minute fails.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PlainThreadFirstTimerTest {

    /** The program run in a fresh JVM: one scenario, then "fired". */
    public static final class Program {
        public static void main(String[] args) throws Exception {
            Duration d = Duration.ofMillis(5);
            switch (args[0]) {
                case "after" -> Go.after(d).recv();
                case "select" -> {
                    Chan<String> never = Chan.make(0);
                    Select.select(Select.recv(never, v -> { }), Select.recv(Go.after(d), t -> { }));
                }
                case "ticker" -> Go.newTicker(d).c().recv();
                case "afterFunc" -> {
                    CountDownLatch ran = new CountDownLatch(1);
                    Go.afterFunc(d, ran::countDown);
                    ran.await();
                }
                case "sleepingGoroutineOnly" -> { // the control: a goroutine's first timer always worked
                    CountDownLatch ran = new CountDownLatch(1);
                    Go.go(() -> {
                        Go.sleep(d);
                        ran.countDown();
                    });
                    ran.await();
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
            System.out.println("fired");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"after", "select", "ticker", "afterFunc", "sleepingGoroutineOnly"})
    void timerFromAPlainThreadFiresBeforeAnyGoroutineStarted(String scenario) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), Program.class.getName(), scenario))
                .redirectErrorStream(true).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return e.toString();
            }
        });
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(scenario + ": the plain thread still waits on its timer after a minute:\n" + out.get(10, TimeUnit.SECONDS));
        }
        String text = out.get(10, TimeUnit.SECONDS);
        assertTrue(p.exitValue() == 0 && text.contains("fired"), scenario + ": " + text);
    }
}
