package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.CrossingFrames;
import io.jgo.cont.shapes.ReturnKinds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Exceptions and return values cross frames that were saved and re-entered. */
class CrossingFramesTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void exceptionsCaughtOneTwoAndTenFramesOutCrossReenteredFrames(Path path) {
        String result = (String) Differential.check(path, CrossingFrames.class, 60);
        // The plain run agrees (checked above); these show the program exercises what it claims to.
        assertTrue(result.contains("caught checked 10: from the bottom, tag 10"), result);
        assertTrue(result.contains("caught unchecked 2: bottom, acc"), result);
        assertTrue(result.contains("finally checked 10 local"), result);
        assertTrue(result.contains("caught inside: handler: thrown with d=0.0"), result);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void longDoubleReferenceAndVoidReturnToReenteredCallers(Path path) {
        Differential.check(path, ReturnKinds.class, 39); // 13 yields a round: 2 + 2 + 2 + 1 + 1 + 5 (deeper)
    }
}
