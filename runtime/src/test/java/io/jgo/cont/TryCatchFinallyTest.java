package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.TryCatchFinally;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TryCatchFinallyTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void exceptionsAfterResumeReachTheRightHandlers(Path path) {
        Differential.check(path, TryCatchFinally.class, 10);
    }
}
