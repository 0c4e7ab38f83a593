package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Iteration;
import io.jgo.cont.shapes.JdkCallbacks;
import io.jgo.cont.shapes.JdkComparators;
import io.jgo.cont.shapes.Lambdas;
import io.jgo.cont.shapes.Locals;
import io.jgo.cont.shapes.LoopsSwitchArrays;
import io.jgo.cont.shapes.MethodKinds;
import io.jgo.cont.shapes.NewObject;
import io.jgo.cont.shapes.OperandStack;
import io.jgo.cont.shapes.Preemptible;
import io.jgo.cont.shapes.Program;
import io.jgo.cont.shapes.Recursion;
import io.jgo.cont.shapes.Streams;
import io.jgo.cont.shapes.TryCatchFinally;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each bytecode shape of {@code io.jgo.cont.shapes}, on each rewrite path ({@link Path}): the
 * program's result with suspensions is the result of the plain program ({@link Differential#check}).
 * One row per shape says what it proves and how many rounds it suspends.
 */
class DifferentialShapesTest {

    /** A shape program, what surviving suspension means for it, and its rounds; {@code expected} (or null) pins the result too. */
    record Shape(String proves, Class<? extends Program> program, int rounds, Object expected) {
        @Override
        public String toString() {
            return proves;
        }
    }

    private static final List<Shape> SHAPES = List.of(
            new Shape("every primitive type survives suspension", Locals.class, 7, "4,4000000002,3.0,1.5,false,7,x,300,st"),
            new Shape("operand stack values survive suspension", OperandStack.class, 8, null),
            new Shape("loops, switches and arrays survive suspension", LoopsSwitchArrays.class, 20, null),
            new Shape("an object under construction survives suspending arguments", NewObject.class, 6, null),
            new Shape("exceptions after a resume reach the right handlers", TryCatchFinally.class, 10, null),
            new Shape("every kind of method suspends", MethodKinds.class, 8, null),
            new Shape("lambdas and method references suspend", Lambdas.class, 8, null),
            new Shape("a suspending iterator does not pin", Iteration.class, 10, null),
            new Shape("suspending lambdas in the JDK's higher-order methods do not pin", JdkCallbacks.class, 55,
                    "[arrayList 5, arrayList 3, arrayList 8, arrayList 1, arrayList 3, linkedList 5, linkedList 3,"
                    + " linkedList 8, linkedList 1, linkedList 3, listOf 7, listOf 9, set 1, set 2, set 3, held 4,"
                    + " removed true [5, 8, 1], byLength [fig, pear, kiwi, date, apple], sorted [apple, date, fig, kiwi, pear],"
                    + " p=11, a=1, d=1, f=101, linked z1, linked a2, tree {a=2, d=11, e=8}, linkedMap {z=-5, a=-4, m=-3},"
                    + " remaining 2, remaining 3, filter Optional[x], or Optional[y], orElseThrow x, x!, x?, present x, got]"
                    + " {a=1, d=1, f=101, p=11}"),
            new Shape("comparators made by the JDK's factories from suspending functions do not pin", JdkComparators.class, 10,
                    "[byLength [fig, fig, pear, kiwi, date, apple], reversed [apple, pear, kiwi, date, fig, fig],"
                    + " nullsLast [a, b, null], reverseOrder [3, 2, 1], max 2]"),
            new Shape("suspending lambdas in sequential streams do not pin", Streams.class, 30,
                    "[mapped [10, 6, 16, 6], sorted [1, 3, 5], flat a!,A!,bb!,BB!, any true, sum 20,"
                    + " first Optional[2] peeked [4, 2], count 4, each 5, each 3, each 8, each 1, each 3]"),
            new Shape("recursive suspendables resume", Recursion.class, 300, null),
            new Shape("a prologue yields on a preemption request", Preemptible.class, Preemptible.ROUNDS / 100, null));

    static Stream<Arguments> shapesOnEveryPath() {
        return SHAPES.stream().flatMap(shape -> Stream.of(Path.values()).map(path -> Arguments.of(shape, path)));
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("shapesOnEveryPath")
    void shapeSurvivesSuspension(Shape shape, Path path) {
        Object result = Differential.check(path, shape.program(), shape.rounds());
        if (shape.expected() != null) {
            assertEquals(shape.expected(), result);
        }
    }
}
