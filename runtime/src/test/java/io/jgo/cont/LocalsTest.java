package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Locals;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LocalsTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void everyPrimitiveTypeSurvivesSuspension(Path path) {
        Object r = Differential.check(path, Locals.class, 7);
        assertEquals("4,4000000002,3.0,1.5,false,7,x,300,st", r);
    }
}
