package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ThreadLocal} and {@code InheritableThreadLocal} values belong to the goroutine, as Loom
 * gives each virtual thread its own (the tests run with the agent, which opens {@code java.lang});
 * {@link #theModesInFreshJvms} runs the same program without the agent, in each mode.
 */
@Timeout(120)
class GoroutineLocalsTest {

    /** An MDC-style request context. */
    private static final ThreadLocal<String> MDC = new ThreadLocal<>();

    private static final InheritableThreadLocal<String> INHERITED = new InheritableThreadLocal<>() {
        @Override
        protected String childValue(String parent) {
            return parent + "/child";
        }
    };

    /** Reproduction: with carrier-scoped values, a migrating goroutine saw another request's context. */
    @Test
    void mdcValuesStayWithTheirGoroutineAcrossTenThousandMigrations() {
        List<String> wrong = new CopyOnWriteArrayList<>();
        AtomicInteger migrations = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 16; i++) {
                String request = "request-" + i;
                wg.add(1);
                Go.go(() -> {
                    if (MDC.get() != null) {
                        wrong.add(request + " started with " + MDC.get());
                    }
                    MDC.set(request);
                    Thread last = Thread.currentThread();
                    while (migrations.get() < 10_000 && wrong.size() < 10) {
                        Go.gosched();
                        if (Thread.currentThread() != last) {
                            migrations.incrementAndGet();
                            last = Thread.currentThread();
                        }
                        String seen = MDC.get();
                        if (!request.equals(seen)) {
                            wrong.add(request + " saw " + seen + " on " + Thread.currentThread().getName());
                        }
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(List.of(), wrong);
        assertTrue(migrations.get() >= 10_000);
    }

    @Test
    void aGoroutineNeverSeesAValueAnotherSetOnTheSameCarrier() {
        List<String> leaked = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(1); // one carrier: every goroutine runs on it, one after the other
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 100; i++) {
                int id = i;
                wg.add(1);
                Go.go(() -> {
                    if (MDC.get() != null) {
                        leaked.add(id + " saw " + MDC.get());
                    }
                    MDC.set("g" + id); // never removed: it must die with the goroutine
                    Go.gosched();
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(List.of(), leaked);
    }

    @Test
    void goChildrenInheritThroughChildValueAndKeepTheirOwnCopies() {
        AtomicReference<String> child = new AtomicReference<>();
        AtomicReference<String> grandchild = new AtomicReference<>();
        AtomicReference<String> parentAfter = new AtomicReference<>();
        Go.run(() -> {
            INHERITED.set("main");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                child.set(INHERITED.get());
                INHERITED.set("changed by the child");
                WaitGroup inner = new WaitGroup();
                inner.add(1);
                Go.go(() -> {
                    grandchild.set(INHERITED.get());
                    inner.done();
                });
                inner.await();
                wg.done();
            });
            wg.await();
            parentAfter.set(INHERITED.get());
            INHERITED.remove();
        });
        assertEquals("main/child", child.get());
        assertEquals("changed by the child/child", grandchild.get());
        assertEquals("main", parentAfter.get());
    }

    @Test
    void mainGoroutineSeesTheCallingThreadsValues() {
        AtomicReference<String> seen = new AtomicReference<>();
        MDC.set("caller");
        try {
            Go.run(() -> seen.set(MDC.get()));
        } finally {
            MDC.remove();
        }
        assertEquals("caller", seen.get());
    }

    @Test
    void goroutinesStartedFromAPlainThreadInheritLikeChildThreads() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        INHERITED.set("plain");
        MDC.set("not inherited");
        try {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> { // default runtime
                seen.set(INHERITED.get() + (MDC.get() == null ? "" : ", and a plain ThreadLocal: " + MDC.get()));
                wg.done();
            });
            wg.await();
        } finally {
            INHERITED.remove();
            MDC.remove();
        }
        assertEquals("plain/child", seen.get());
    }

    /**
     * The program {@link #theModesInFreshJvms} runs: 40 goroutines one after another at one P, each
     * noting what {@code MDC} held when it started and on which carrier, then leaving its own value
     * behind. With fewer carriers than goroutines, some carrier runs two of them, so carrier-scoped
     * values show up in a later goroutine; per-goroutine values never do. Prints
     * {@code carriers=N leaked=M}.
     */
    public static final class ModesProgram {
        public static void main(String[] args) {
            Set<String> carriers = new HashSet<>();
            int[] leaked = new int[1];
            Go.run(() -> {
                Go.maxProcs(1);
                for (int i = 0; i < 40; i++) {
                    String mine = "g" + i;
                    WaitGroup wg = new WaitGroup();
                    wg.add(1);
                    Go.go(() -> {
                        synchronized (carriers) {
                            carriers.add(Thread.currentThread().getName());
                            if (MDC.get() != null) {
                                leaked[0]++;
                            }
                        }
                        MDC.set(mine); // never removed
                        wg.done();
                    });
                    wg.await(); // without the agent main pins its carrier here; the goroutines run on others
                }
            });
            System.out.println("carriers=" + carriers.size() + " leaked=" + leaked[0]);
        }
    }

    /**
     * The build-time path (no agent): with {@code --add-opens java.base/java.lang=ALL-UNNAMED}
     * values are per goroutine; without it they stay with the carrier and a warning says what to
     * add; {@code -Djgo.threadLocals=carrier} keeps them with the carrier on purpose, silently.
     */
    @Test
    void theModesInFreshJvms() throws Exception {
        String opened = runModes("--add-opens", "java.base/java.lang=ALL-UNNAMED");
        assertTrue(opened.contains(" leaked=0"), opened);
        assertTrue(!opened.contains(CARRIER_WARNING), opened);

        String closed = runModes();
        assertTrue(closed.contains(CARRIER_WARNING), closed);
        assertTrue(closed.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), "the warning names the flag: " + closed);
        assertLeaked(closed);

        String carrier = runModes("--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Djgo.threadLocals=carrier");
        assertTrue(!carrier.contains(CARRIER_WARNING), carrier);
        assertLeaked(carrier);
    }

    /** The start of the one-time warning when java.lang is closed to jgo. */
    private static final String CARRIER_WARNING = "ThreadLocal values belong to the carrier thread";

    private static void assertLeaked(String out) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("carriers=(\\d+) leaked=(\\d+)").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Integer.parseInt(m.group(1)) < 40, "some carrier ran two goroutines: " + out);
        assertTrue(Integer.parseInt(m.group(2)) > 0, "carrier-scoped values reached a later goroutine: " + out);
    }

    private static String runModes(String... flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ModesProgram.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
