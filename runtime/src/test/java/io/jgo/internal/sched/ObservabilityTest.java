package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Go's SCHED line, the detail lines and the default runtime's panic report. No goroutine here parks.
 * The waits ({@code Await}) poll from an unrewritten main goroutine, where each {@code Go.gosched}
 * pins (carries on in place), or from the plain test thread, where it yields the thread: either is
 * all a wait needs. The goroutine dump is tested in the rewritten {@code io.jgo.it.GoroutineDumpTest}.
 */
@Timeout(60)
@Isolated
class ObservabilityTest {

    private static final Pattern SCHED = Pattern.compile(
            "SCHED \\d+ms: gomaxprocs=3 idleprocs=\\d+ threads=\\d+ spinningthreads=\\d+ needspinning=[01] idlethreads=\\d+ runqueue=\\d+ \\[\\d+ \\d+ \\d+\\]\n");

    /**
     * Main's own lines while it runs. Without sysmon: on a loaded machine main may run past two time
     * slices here (unrewritten code cannot answer a preemption), and sysmon then retakes its P, so
     * the lines would show main in a syscall with no P (a CI run with two CPU burners did).
     */
    @Test
    void schedLineHasGosFields() {
        Sched s = new Sched(new Config().maxProcs(3).sysmon(false).name("sched-line"));
        String[] line = new String[2];
        s.runMain(() -> {
            line[0] = SchedTracer.line(s, false);
            line[1] = SchedTracer.line(s, true);
        });
        assertTrue(SCHED.matcher(line[0]).matches(), line[0]);
        assertTrue(Pattern.compile("  P0: status=\\d schedtick=\\d+ syscalltick=\\d+ m=-?\\d+ runqsize=0 gfreecnt=0\n").matcher(line[1]).find(), line[1]);
        assertTrue(Pattern.compile("  M\\d+: p=\\d curg=1 spinning=false\n").matcher(line[1]).find(), line[1]);
        assertTrue(line[1].contains("  G1: status=2"), line[1]);
    }

    /**
     * The exact line of a runtime at rest: main runs on a carrier holding a P, nothing else exists (no
     * sysmon, nothing spawned), so every field is known. Go prints the same fields in the same order.
     */
    @Test
    void schedLineOfARuntimeAtRestIsExactlyGos() {
        Sched s = new Sched(new Config().maxProcs(3).sysmon(false).name("sched-exact"));
        String[] line = new String[2];
        line[0] = SchedTracer.line(s, false);
        s.runMain(() -> line[1] = SchedTracer.line(s, false));
        assertEquals("gomaxprocs=3 idleprocs=3 threads=0 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [0 0 0]\n",
                afterUptime(line[0]), "before the runtime starts");
        assertEquals("gomaxprocs=3 idleprocs=2 threads=1 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [0 0 0]\n",
                afterUptime(line[1]), "main running on its carrier");
        assertTrue(line[1].matches("SCHED \\d+ms: [^\n]*\n"), line[1]);
    }

    @Test
    void detailedFormEndsTheLineAtRunqueueAsGoDoes() {
        Sched s = new Sched(new Config().maxProcs(2).sysmon(false).name("sched-detail"));
        String detail = SchedTracer.line(s, true);
        assertEquals("gomaxprocs=2 idleprocs=2 threads=0 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0",
                afterUptime(detail.lines().findFirst().orElseThrow()));
    }

    /** A P taken from the idle list but not yet acquired by an M has no M: Go shows it idle ({@code status=0 m=-1}), never running without an M. */
    @Test
    void detailShowsAPInTransitAsGoDoes() {
        Sched s = new Sched(new Config().maxProcs(2).sysmon(false).name("sched-detail-transit"));
        P taken = s.idlePs.get();
        assertEquals(P.RUNNING, taken.status(), "jgo marks a P running as it leaves the idle list");
        String detail = SchedTracer.line(s, true);
        assertTrue(detail.contains("  P" + taken.id + ": status=0 schedtick=0 syscalltick=0 m=-1 "), detail);
    }

    private static String afterUptime(String line) {
        return line.substring(line.indexOf("ms: ") + 4);
    }

    @Test
    void schedtraceOptionPrintsPeriodically() throws Exception {
        String err = captureStderr(() -> {
            Config c = new Config().maxProcs(3).name("schedtrace");
            c.schedTraceMillis = 20;
            Sched s = new Sched(c);
            s.runMain(() -> Await.until("a SCHED line on stderr", () -> captured().contains("SCHED "), ObservabilityTest::captured));
        });
        assertTrue(SCHED.matcher(err.lines().filter(l -> l.startsWith("SCHED")).findFirst().orElse("") + "\n").matches(), err);
    }

    @Test
    void defaultRuntimePrintsAPanicAndCarriesOn() throws Exception {
        String err = captureStderr(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                try {
                    throw new IllegalStateException("boom in the default runtime");
                } finally {
                    wg.done();
                }
            });
            wg.await();
            WaitGroup after = new WaitGroup();
            after.add(1);
            Go.go(after::done); // the runtime still works
            after.await();
            Await.until("the panic report on stderr", () -> captured().contains("boom in the default runtime"),
                    ObservabilityTest::captured); // printed by the carrier after wg.done() ran
        });
        assertTrue(err.contains("panic: java.lang.IllegalStateException: boom in the default runtime [goroutine "), err);
        assertTrue(err.contains("[running]:"), err);
    }

    private static volatile ByteArrayOutputStream lastCapture = new ByteArrayOutputStream();

    private static String captured() {
        return lastCapture.toString(StandardCharsets.UTF_8);
    }

    private static String captureStderr(Runnable r) {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        lastCapture = buf;
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
