package io.jgo.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.fuzz.WideShapes.Kind;
import io.jgo.fuzz.WideShapes.Part;
import io.jgo.testing.Heavy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Frames of every width suspend and resume intact: for each value kind (every primitive type,
 * references, a mix), a {@link WideShapes} program run by the {@link FuzzHarness} (agent and
 * build-time rewrites; a coroutine suspending at every, some and no point; the scheduler) against
 * its plain run. Its methods pass a suspension point at every operand-stack depth from 0 to 64, then
 * at depths around the save helpers' 255 parameter slots (where a save turns into a chain of helpers)
 * and across the records' compact-encoding limit (1,024 slots of a kind); in calls and {@code new}s with up to the JVM's 255 parameter slots
 * of arguments; with live locals up to 255 slots and past 1,024; at more suspension points in one
 * method than a compact record tail can number. The rewrite's code grows with
 * saved values times suspension points, so the wide methods suspend at a few depths each: the code
 * of one method stays under the JVM's 64 KiB.
 */
@Heavy
class WideFramesRangeTest {

    /** Only the innermost operand suspends. */
    private static final int INNERMOST = Integer.MAX_VALUE;

    static List<Part> parts(Kind kind) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part("nested", 65, 1)); // every depth 0..64, each record one value wider than the last
        // Where a save's values stop fitting a helper's 255 parameter slots (4 its own, 2 for the
        // method's live locals t and kept) and the save turns into a chain of helpers.
        int helperLimit = WideShapes.maxArguments(kind, 6);
        for (int depth = helperLimit - 2; depth <= helperLimit + 2; depth++) {
            parts.add(new Part("nested", depth, INNERMOST));
        }
        // Across 1,024 slots of a kind, where a record's tail turns wide: every depth for the three
        // kinds that fill the two slot arrays (a primitive takes one slot whatever its type, so the
        // other primitive kinds would cross the same boundary as int).
        boolean boundary = kind == Kind.INT || kind == Kind.REF || kind == Kind.MIXED;
        if (boundary) {
            // Operand i of the innermost suspension has i values below it: depth - 1 of them saved.
            int from = kind == Kind.MIXED ? 1_278 : 1_021; // the mix is 4/5 primitives
            for (int depth = from; depth < from + 6; depth++) {
                parts.add(new Part("nested", depth, INNERMOST));
            }
        }
        int most = WideShapes.maxArguments(kind, 0);
        parts.add(new Part("args", 1, 1));
        parts.add(new Part("args", 30, 1));
        parts.add(new Part("args", most, 64));
        parts.add(new Part("ctor", WideShapes.maxArguments(kind, 1), 128));
        parts.add(new Part("locals", 100, 9));
        parts.add(new Part("locals", most - 4, 97));
        // Past 1,024 primitive slots in locals (references cross it on the operand stack above: the
        // rewrite of that many reference locals would outgrow 64 KiB).
        parts.add(new Part("locals", kind == Kind.INT ? 1_100 : 300, INNERMOST));
        // More suspension points in one method than a compact tail numbers (511).
        parts.add(new Part("labels", kind == Kind.INT ? 530 : 10, 1));
        return parts;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyWidthComputesWhatPlainJavaComputes(Kind kind) {
        ProgramSource program = WideShapes.program("Wide" + kind.name().charAt(0) + kind.name().substring(1).toLowerCase(),
                kind, parts(kind));
        FuzzHarness.Verdict verdict = FuzzHarness.check(program, 1);
        assertFalse(verdict.discarded(), "the program should end");
        assertTrue(verdict.passed(), () -> FuzzReport.failure(program, 1, verdict));
    }

}
