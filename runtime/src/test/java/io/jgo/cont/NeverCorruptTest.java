package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Adaptations;
import io.jgo.cont.shapes.Program;
import io.jgo.cont.shapes.StaleCallSite;
import io.jgo.cont.shapes.Wrapped;
import io.jgo.internal.coroutine.Coroutine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The defects a new user met in ordinary Java, each a way the "pin instead of corrupt" rule was
 * broken: a forwarder that adapts arguments or results, a call-site handshake left behind by code
 * that was not rewritten, and one call site reaching the same rewritten method both directly and
 * through code nobody rewrote. Each must compute what plain Java computes.
 */
class NeverCorruptTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void methodReferencesThatAdaptArgumentsOrResultsUnwindAndResume(Path path) {
        Differential.check(path, Adaptations.class, 11);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aJdkIteratorBeforeAnInterfaceCallLeavesNoStaleCallSite(Path path) {
        assertPinsWithThePlainResult(path, StaleCallSite.AfterIterator.class, "48");
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aJdkFunctionBeforeAnInterfaceCallLeavesNoStaleCallSite(Path path) {
        assertPinsWithThePlainResult(path, StaleCallSite.AfterJdkFunction.class, "48");
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void collectionsWalkedBetweenInterfaceCallsInLoops(Path path) {
        assertPinsWithThePlainResult(path, StaleCallSite.InLoops.class, null);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aLambdaReachedThroughAndThenPinsEvenAfterDirectCalls(Path path) {
        assertPinsWithThePlainResult(path, Wrapped.ThroughAndThen.class, null);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void anUnrewrittenOverrideCallingSuperPinsEvenAfterDirectCalls(Path path) {
        assertPinsWithThePlainResult(path, Wrapped.ThroughOverride.class, null);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aBodyThatIsNotRewrittenRunsOnceEvenAfterTheSameMethodRanAsABody(Path path) throws Exception {
        Class<?> wrapped = Differential.load(path, Wrapped.class);
        Runnable direct = (Runnable) wrapped.getMethod("workAsBody").invoke(null);
        Coroutine first = new Coroutine(direct);
        assertEquals(3, first.runToEnd(), "the method used directly as a body unwinds at each of its 3 yields");
        assertEquals(0, first.pins());

        Runnable counting = (Runnable) Differential.load(path, Wrapped.CountingBody.class).getDeclaredConstructor().newInstance();
        Coroutine second = new Coroutine(counting);
        second.runToEnd();
        assertTrue(second.pins() > 0, "the body is not rewritten, so the suspensions under it must pin");
        assertEquals(1, counting.getClass().getField("runs").getInt(counting), "the unrewritten body ran again");
        assertEquals(6L, wrapped.getField("worked").getLong(null));
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void callsThroughBridgeMethodsUnwind(Path path) {
        Differential.check(path, io.jgo.cont.shapes.Bridges.class, 2);
    }

    /** Same result as plain Java, and the calls that cannot unwind pinned. */
    private static void assertPinsWithThePlainResult(Path path, Class<? extends Program> type, String expected) {
        Differential.Run run = Differential.runBoth(path, type);
        if (expected != null) {
            assertEquals(expected, Differential.render(run.plain), "the plain run itself");
        }
        assertEquals(Differential.render(run.plain), Differential.render(run.asGoroutine), "result as a goroutine differs from plain Java");
        assertTrue(run.pins > 0, "calls through code that was not rewritten must pin");
    }
}
