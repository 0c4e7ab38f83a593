package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.WideFrames;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Frames with more live values than one save helper can take (255 parameter slots) load, run and
 * give the plain result on both paths, suspending at the yields and at every point.
 */
class WideFramesTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void hundredTwentySixLiveLongsSurviveSuspensionAndLoopPolls(Path path) {
        Differential.check(path, WideFrames.Longs.class, 3);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void threeHundredLiveIntsSurviveSuspension(Path path) {
        Differential.check(path, WideFrames.Ints.class, 1);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void mixedLongsDoublesReferencesIntsAndFloatsSurviveSuspension(Path path) {
        Differential.check(path, WideFrames.Mixed.class, 1);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void anInstanceMethodWithItsReceiverAndWideLocalsSurvivesSuspension(Path path) {
        Differential.check(path, WideFrames.Instance.class, 1);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void manyParametersPlusLocalsSurviveSuspensionAndPreemptionAtTheirPrologue(Path path) {
        Differential.check(path, WideFrames.ManyParameters.class, 1);
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void manyValuesOnTheOperandStackPlusWideLocalsSurviveSuspension(Path path) {
        Differential.check(path, WideFrames.StackValues.class, 1);
    }
}
