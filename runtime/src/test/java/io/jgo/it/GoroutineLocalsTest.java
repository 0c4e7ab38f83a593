package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ThreadLocal} and {@code InheritableThreadLocal} values belong to the goroutine, as Loom
 * gives each virtual thread its own (the tests run with the agent, which opens {@code java.lang}).
 */
@Timeout(120)
class GoroutineLocalsTest {

    /** An MDC-style request context. */
    private static final ThreadLocal<String> MDC = new ThreadLocal<>();

    private static final InheritableThreadLocal<String> INHERITED = new InheritableThreadLocal<>() {
        @Override
        protected String childValue(String parent) {
            return parent + "/child";
        }
    };

    /** Reproduction: with carrier-scoped values, a migrating goroutine saw another request's context. */
    @Test
    void mdcValuesStayWithTheirGoroutineAcrossTenThousandMigrations() {
        List<String> wrong = new CopyOnWriteArrayList<>();
        AtomicInteger migrations = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 16; i++) {
                String request = "request-" + i;
                wg.add(1);
                Go.go(() -> {
                    if (MDC.get() != null) {
                        wrong.add(request + " started with " + MDC.get());
                    }
                    MDC.set(request);
                    Thread last = Thread.currentThread();
                    while (migrations.get() < 10_000 && wrong.size() < 10) {
                        Go.gosched();
                        if (Thread.currentThread() != last) {
                            migrations.incrementAndGet();
                            last = Thread.currentThread();
                        }
                        String seen = MDC.get();
                        if (!request.equals(seen)) {
                            wrong.add(request + " saw " + seen + " on " + Thread.currentThread().getName());
                        }
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(List.of(), wrong);
        assertTrue(migrations.get() >= 10_000);
    }

    @Test
    void aGoroutineNeverSeesAValueAnotherSetOnTheSameCarrier() {
        List<String> leaked = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(1); // one carrier: every goroutine runs on it, one after the other
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 100; i++) {
                int id = i;
                wg.add(1);
                Go.go(() -> {
                    if (MDC.get() != null) {
                        leaked.add(id + " saw " + MDC.get());
                    }
                    MDC.set("g" + id); // never removed: it must die with the goroutine
                    Go.gosched();
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(List.of(), leaked);
    }

    @Test
    void goChildrenInheritThroughChildValueAndKeepTheirOwnCopies() {
        AtomicReference<String> child = new AtomicReference<>();
        AtomicReference<String> grandchild = new AtomicReference<>();
        AtomicReference<String> parentAfter = new AtomicReference<>();
        Go.run(() -> {
            INHERITED.set("main");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                child.set(INHERITED.get());
                INHERITED.set("changed by the child");
                WaitGroup inner = new WaitGroup();
                inner.add(1);
                Go.go(() -> {
                    grandchild.set(INHERITED.get());
                    inner.done();
                });
                inner.await();
                wg.done();
            });
            wg.await();
            parentAfter.set(INHERITED.get());
            INHERITED.remove();
        });
        assertEquals("main/child", child.get());
        assertEquals("changed by the child/child", grandchild.get());
        assertEquals("main", parentAfter.get());
    }

    @Test
    void mainGoroutineSeesTheCallingThreadsValues() {
        AtomicReference<String> seen = new AtomicReference<>();
        MDC.set("caller");
        try {
            Go.run(() -> seen.set(MDC.get()));
        } finally {
            MDC.remove();
        }
        assertEquals("caller", seen.get());
    }

    @Test
    void goroutinesStartedFromAPlainThreadInheritLikeChildThreads() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        INHERITED.set("plain");
        MDC.set("not inherited");
        try {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> { // default runtime
                seen.set(INHERITED.get() + (MDC.get() == null ? "" : ", and a plain ThreadLocal: " + MDC.get()));
                wg.done();
            });
            wg.await();
        } finally {
            INHERITED.remove();
            MDC.remove();
        }
        assertEquals("plain/child", seen.get());
    }
}
