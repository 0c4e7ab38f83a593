package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.LoopsSwitchArrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LoopsSwitchArraysTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void loopsSwitchesAndArraysSurviveSuspension(Path path) {
        Differential.check(path, LoopsSwitchArrays.class, 20);
    }
}
