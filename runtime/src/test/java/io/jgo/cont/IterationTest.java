package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Iteration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IterationTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void suspendingIteratorDoesNotPin(Path path) {
        Differential.check(path, Iteration.class, 10);
    }
}
