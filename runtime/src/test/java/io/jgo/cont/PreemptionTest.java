package io.jgo.cont;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Preemptible;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A preemption request makes the next rewritten prologue yield; the computation is unchanged. */
class PreemptionTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void prologueYieldsOnPreemptRequest(Path path) {
        Differential.check(path, Preemptible.class, Preemptible.ROUNDS / 100);
    }
}
