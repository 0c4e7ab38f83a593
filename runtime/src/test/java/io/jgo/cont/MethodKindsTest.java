package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.MethodKinds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MethodKindsTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void everyKindOfMethodSuspends(Path path) {
        Differential.check(path, MethodKinds.class, 8);
    }
}
