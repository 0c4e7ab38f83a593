package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Pinning;
import io.jgo.cont.shapes.Program;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** A goroutine that cannot unwind pins: the result is right, the carrier carried on, a warning names the frame and the fix. */
class PinningTest {

    static java.util.List<Object[]> cases() {
        java.util.List<Object[]> all = new java.util.ArrayList<>();
        for (Path p : Path.values()) {
            all.add(new Object[] {p, Pinning.InMonitor.class, "holding a monitor", 2, "Fix: use io.jgo.Mutex instead of synchronized"});
            all.add(new Object[] {p, Pinning.SynchronizedMethod.class, "holding a monitor", 1, "Fix: use io.jgo.Mutex instead of synchronized"});
            all.add(new Object[] {p, Pinning.LibraryRunnable.class, "Pinning$LibraryRunnable$Twice.run", 1, "Fix: annotate"});
            all.add(new Object[] {p, Pinning.Reflective.class, "called a @Goroutine method without a suspension point", 1, "Fix: annotate that method @Goroutine"});
            all.add(new Object[] {p, Pinning.InConstructor.class, "Pinning$InConstructor$Holder.<init>", 1, "Fix: a constructor is run as written unless the rewrite can split it"});
            all.add(new Object[] {p, Pinning.Aa.class, "cannot unwind into io.jgo.cont.shapes.Pinning$BB.run", 1, "Fix: annotate io.jgo.cont.shapes.Pinning$BB.run @Goroutine"});
        }
        return all;
    }

    /** Runtime warnings are printed once per site for the whole JVM, so they are collected across cases. */
    private static final ByteArrayOutputStream ERR = new ByteArrayOutputStream();

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void suspensionThatCannotUnwindPinsAndWarns(Path path, Class<? extends Program> type, String warning, int minYields, String fix) {
        PrintStream saved = System.err;
        System.setErr(new PrintStream(ERR, true));
        Differential.Run run;
        try {
            run = Differential.runBoth(path, type);
        } finally {
            System.setErr(saved);
        }
        String err = ERR.toString();
        assertEquals(Differential.render(run.plain), Differential.render(run.asGoroutine), "pinned result differs");
        assertTrue(run.pins > 0, "expected a pin");
        assertTrue(run.yields >= minYields, "expected the unpinned suspension points to still unwind: " + run.yields);
        String all = err + String.join("\n", Differential.REPORTS);
        if (type == Pinning.InConstructor.class && path == Path.BUILD_TIME) {
            assertTrue(all.contains("a constructor of io.jgo.cont.shapes.Pinning$InConstructor$Holder calls a @Goroutine method (line 99)"),
                    "expected the rewrite-time constructor warning, got:\n" + all);
        }
        assertTrue(all.contains(warning), "expected a warning containing '" + warning + "', got:\n" + all);
        assertTrue(all.lines().anyMatch(l -> l.contains("goroutine pinned") && l.contains(warning) && l.contains(fix)),
                "expected the pin warning to say the fix ('" + fix + "'), got:\n" + all);
    }
}
