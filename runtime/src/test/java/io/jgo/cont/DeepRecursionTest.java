package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.DeepRecursion;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** 10,000 suspended frames are saved and resumed (on a thread with a carrier-sized stack). */
class DeepRecursionTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void tenThousandSuspendedFramesResume(Path path) throws Exception {
        AtomicReference<Object> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(Differential.check(path, DeepRecursion.class, 2));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "deep", 512L << 20);
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        long n = DeepRecursion.DEPTH;
        assertEquals(n * (n + 1) / 2, result.get());
    }
}
