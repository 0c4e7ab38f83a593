package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.shapes.DeepYieldLoop;
import io.jgo.internal.Resumer;
import io.jgo.internal.coroutine.Coroutine;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/**
 * The same class in two loaders has the same method ids, and the first to register an id keeps it
 * ({@code io.jgo.internal.Resumers}). A save decides without a table look-up whether its record can
 * name its resumer by id: only a resumer that got every id of its class may skip the look-up. The
 * second copy got none, so its records must keep its own resumer in a slot; were they saved "by id",
 * g0 would re-enter the second copy's frames through the first copy's resumer (a receiver of the
 * other class: a {@code ClassCastException} in g0).
 */
class SharedMethodIdsTest {

    @Test
    void aSecondCopyOfAClassIsReenteredThroughItsOwnResumer() throws Exception {
        Class<?> first = new RewritingLoader(getClass().getClassLoader(), Differential.INSTRUMENTER).loadClass(DeepYieldLoop.class.getName());
        Class<?> second = new RewritingLoader(getClass().getClassLoader(), Differential.INSTRUMENTER).loadClass(DeepYieldLoop.class.getName());
        Resumer firstResumer = resumer(first); // registers the ids first (unless an earlier copy holds them: the same either way)
        assertNotSame(firstResumer, resumer(second));

        Runnable program = (Runnable) second.getConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        int rounds = 0;
        while (c.resume()) {
            rounds++;
        }
        assertEquals(DeepYieldLoop.YIELDS, rounds, "one suspension per yield");
        assertTrue(c.reenteredAlone() > 0, "from the second suspension on, g0 re-entered frames alone");
        Runnable plain = (Runnable) DeepYieldLoop.class.getConstructor().newInstance();
        plain.run();
        assertEquals(DeepYieldLoop.class.getField("result").get(plain), second.getField("result").get(program));
        java.lang.ref.Reference.reachabilityFence(first);
    }

    private static Resumer resumer(Class<?> type) throws ReflectiveOperationException {
        Method getter = type.getDeclaredMethod("$jgo$resumer");
        getter.setAccessible(true);
        return (Resumer) getter.invoke(null);
    }
}
