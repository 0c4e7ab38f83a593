package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.WideStack;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Wide frames suspend and resume intact: each program saves records bigger than the stack segment
 * the previous resume emptied (before the fix, the emptied segment stayed in the chain and the
 * resume read its record at slot -1); and a frame with 255 parameter slots saves at its prologue
 * more values than a save helper can take (before the chain of save helpers, its class did not load).
 */
class WideStackTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void concatenationOfTwentyFiveSuspendingInts(Path path) {
        Differential.check(path, WideStack.Ints.class, 25);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void concatenationOfSixtySuspendingStrings(Path path) {
        Differential.check(path, WideStack.Strings.class, 60);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void concatenationOfSuspendingLongsAndDoubles(Path path) {
        Differential.check(path, WideStack.Mixed.class, 30);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void callWithNinetySuspendingArguments(Path path) {
        Differential.check(path, WideStack.Args.class, 90);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void manyLiveLocalsAndLambdasUnderTryCatch(Path path) {
        Differential.check(path, WideStack.Locals.class, 32);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void prologueOfAMethodWithTheMostParameterSlots(Path path) {
        Differential.check(path, WideStack.Params.class, 2);
    }
}
