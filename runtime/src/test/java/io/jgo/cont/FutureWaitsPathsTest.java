package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.FutureWaits;
import io.jgo.testing.Pins;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code Future.get}/{@code CompletableFuture.join} park the goroutine whichever way the program was
 * rewritten: by the agent as it loads, or ahead of time by the instrumenter ({@link FutureWaits}).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FutureWaitsPathsTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void waitsOnFuturesParkOnBothPaths(Path path) throws Exception {
        Method run = Differential.load(path, FutureWaits.class).getMethod("run", int.class);
        AtomicReference<Object> result = new AtomicReference<>();
        Pins.none(() -> {
            try {
                result.set(run.invoke(null, 300));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals("sum=" + 300 * 299 / 2 + " parked=300", result.get());
    }
}
