package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Lambdas;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LambdasTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void lambdasAndMethodReferencesSuspend(Path path) {
        Differential.check(path, Lambdas.class, 8);
    }
}
