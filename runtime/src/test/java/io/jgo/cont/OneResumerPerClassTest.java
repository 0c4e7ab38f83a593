package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.jgo.cont.shapes.DeepYieldLoop;
import io.jgo.internal.Resumer;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;

/**
 * A class has one resumer however many threads ask for it at once: the registration table holds it
 * weakly and the class's field strongly, so they must be one object. When each racing carrier made
 * its own, the field kept the last, the table the first; the first was collected, and a frame saved
 * in between (registered, without a slot of its own) met a cleared entry at its lazy re-entry, a
 * NullPointerException in g0. Each repetition loads a fresh copy of the class, whose resumer nobody
 * has asked for yet.
 */
class OneResumerPerClassTest {

    @RepeatedTest(5)
    void racingFirstUsesGetOneResumer() throws Exception {
        ClassLoader fresh = new RewritingLoader(OneResumerPerClassTest.class.getClassLoader(), Differential.INSTRUMENTER);
        Class<?> type = fresh.loadClass(DeepYieldLoop.class.getName());
        Method getter = type.getDeclaredMethod("$jgo$resumer"); // the class's own first use, as its save helpers make it
        getter.setAccessible(true);
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Resumer> made = new CopyOnWriteArrayList<>();
        List<Thread> askers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    made.add((Resumer) getter.invoke(null));
                } catch (ReflectiveOperationException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            t.start();
            askers.add(t);
        }
        start.countDown();
        for (Thread t : askers) {
            t.join();
        }
        made.add((Resumer) getter.invoke(null)); // and a later, lone ask
        assertNotNull(made.get(0), "the resumer could be linked");
        Set<Resumer> distinct = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(made);
        assertEquals(1, distinct.size(), "resumers made for one class: " + distinct.size());
    }
}
