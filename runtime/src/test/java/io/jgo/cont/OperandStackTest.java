package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.OperandStack;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OperandStackTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void operandStackValuesSurviveSuspension(Path path) {
        Differential.check(path, OperandStack.class, 8);
    }
}
