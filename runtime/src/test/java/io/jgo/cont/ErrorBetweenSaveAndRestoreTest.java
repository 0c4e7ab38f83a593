package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.ErrorsAfterReentry;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.coroutine.Coroutine;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An {@code Error} from user code that runs while a goroutine's callers are saved records (a frame
 * g0 re-entered alone: a failing static initializer, a plain method that throws) reaches the saved
 * handlers as in plain Java, and leaves the records consistent after every step.
 */
class ErrorBetweenSaveAndRestoreTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void errorsThrownInAFrameReenteredAloneReachTheSavedHandlers(Path path) throws ReflectiveOperationException {
        Runnable program = (Runnable) Differential.load(path, ErrorsAfterReentry.class).getConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        int suspensions = 0;
        while (c.resume()) {
            suspensions++;
            StackAccess.checkInvariants(c.stack());
        }
        StackAccess.checkInvariants(c.stack());
        assertEquals(List.of("ExceptionInInitializerError", "NoClassDefFoundError", "AssertionError round 2", "returned 7"),
                program.getClass().getField("result").get(program));
        assertEquals(ErrorsAfterReentry.ROUNDS * 4, suspensions, "each round suspends in outer, middle, inner and run");
        assertTrue(c.reenteredAlone() > 0, "the frames that threw were re-entered alone");
    }
}
