package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Recursion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RecursionTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void recursiveSuspendablesResume(Path path) {
        Differential.check(path, Recursion.class, 300);
    }
}
