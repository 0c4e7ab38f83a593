package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.NewObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NewObjectTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void objectUnderConstructionSurvivesSuspendingArguments(Path path) {
        Differential.check(path, NewObject.class, 6);
    }
}
