package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -Djgo.preempt=off} restores run to completion: at one P, a goroutine that computes for a
 * long time (far beyond two 10 ms slices) keeps its P to the end, so the goroutine it started first
 * runs after it. With preemption on (the control) the same program lets the other one run first.
 * The property is read when a runtime starts, so each run sets it around its own {@code Go.run}.
 */
@Timeout(120)
class PreemptOffTest {

    @Test
    void offRunsAHogToCompletionAndTheDefaultPreemptsIt() {
        assertEquals(List.of("hog", "other"), run("off"), "preemption off: the hog kept the only P");
        assertEquals(List.of("other", "hog"), run("loops"), "the control: the hog is preempted at a loop head");
    }

    private static List<String> run(String mode) {
        List<String> order = new CopyOnWriteArrayList<>();
        String preempt = System.getProperty("jgo.preempt");
        String procs = System.getProperty("jgo.maxprocs");
        System.setProperty("jgo.preempt", mode);
        System.setProperty("jgo.maxprocs", "1");
        try {
            long[] sink = new long[1];
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(2);
                Go.go(() -> {
                    Go.go(() -> { // into runnext: it runs when the hog yields or ends
                        order.add("other");
                        wg.done();
                    });
                    long x = 0;
                    for (int i = 0; i < 400_000_000; i++) { // a loop head polls (the agent's default, loops)
                        x = x * 31 + i;
                    }
                    sink[0] = x;
                    order.add("hog");
                    wg.done();
                });
                wg.await();
            });
        } finally {
            restore("jgo.preempt", preempt);
            restore("jgo.maxprocs", procs);
        }
        return order;
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
