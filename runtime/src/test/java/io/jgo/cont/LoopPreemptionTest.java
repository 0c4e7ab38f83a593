package io.jgo.cont;

import io.jgo.internal.cont.StackAccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Loops;
import io.jgo.cont.shapes.Spin;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.testing.Heavy;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Loop heads answer preemption requests (the default {@code -Djgo.preempt=loops}). */
@Heavy
class LoopPreemptionTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void loopHeadsYieldOnRequestAndResumeWithTheirLocals(Path path) {
        Differential.check(path, Loops.class, 17); // one per request: 4 + 5 + 4 + 3 + 1, see Loops
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aLoopWithoutAnyCallIsPreemptedFromAnotherThread(Path path) throws Exception {
        Runnable spin = (Runnable) Differential.load(path, Spin.class).getDeclaredConstructor().newInstance();
        Coroutine c = new Coroutine(spin);
        AtomicBoolean suspended = new AtomicBoolean();
        Thread sysmon = new Thread(() -> {
            while (!suspended.get()) {           // what sysmon does, without its clock
                StackAccess.requestPreempt(c.stack());
                Thread.onSpinWait();
            }
        });
        sysmon.start();
        boolean yielded = c.resume();
        suspended.set(true);
        sysmon.join();
        assertTrue(yielded, "the loop ran to its end without answering a single request");
        c.runToEnd();
        Spin plain = new Spin();
        plain.run();
        assertEquals(plain.result, spin.getClass().getField("result").get(spin));
    }
}
