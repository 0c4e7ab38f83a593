package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.cont.shapes.Iteration;
import io.jgo.cont.shapes.Lambdas;
import io.jgo.cont.shapes.Locals;
import io.jgo.cont.shapes.LoopsSwitchArrays;
import io.jgo.cont.shapes.MethodKinds;
import io.jgo.cont.shapes.NewObject;
import io.jgo.cont.shapes.OperandStack;
import io.jgo.cont.shapes.Program;
import io.jgo.cont.shapes.Recursion;
import io.jgo.cont.shapes.TryCatchFinally;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every shape program at once, hundreds of copies each, as goroutines of one runtime with more Ps
 * than cores: each suspension point is a Gosched, so goroutines migrate between carrier threads
 * between any two steps. Every copy must compute exactly what plain Java computes (their saved
 * frames cross threads through the run queues only) and none may pin.
 */
@Timeout(120)
class ShapesUnderSchedulerTest {

    private static final List<Class<? extends Program>> SHAPES = List.of(Locals.class, OperandStack.class,
            NewObject.class, TryCatchFinally.class, LoopsSwitchArrays.class, Recursion.class, MethodKinds.class,
            Lambdas.class, Iteration.class);
    private static final int COPIES = 200;

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {4, 8})
    void shapesComputeThePlainResultWhileMigratingBetweenCarriers(int procs) throws Exception {
        List<String> expected = new ArrayList<>();
        List<Program> programs = new ArrayList<>();
        for (Class<? extends Program> shape : SHAPES) {
            Program plain = shape.getDeclaredConstructor().newInstance();
            plain.run();
            for (int i = 0; i < COPIES; i++) {
                expected.add(Differential.render(plain.result));
                programs.add(shape.getDeclaredConstructor().newInstance());
            }
        }
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(programs.size());
            for (Program p : programs) {
                Go.go(() -> {
                    p.run();
                    wg.done();
                });
            }
            wg.await();
        }));
        for (int i = 0; i < programs.size(); i++) {
            assertEquals(expected.get(i), Differential.render(programs.get(i).result), "copy " + i + " of "
                    + programs.get(i).getClass().getSimpleName());
        }
    }
}
