package io.jgo.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every workload runs once at a tiny size on every runtime, in this JVM, and checks its own result
 * (a wrong count throws), so a broken benchmark fails the build instead of posting a figure. A run
 * that reports {@link Starved} (Loom pinned by a blocking read, a probe that hogs starve) is a
 * result too, as in the table.
 */
@Tag("heavy")
class WorkloadsSmokeTest {

    @Test
    void everyWorkloadClassHasATinyForm() {
        Set<Class<?>> tiny = Workloads.SMOKE.stream().map(Object::getClass).collect(Collectors.toSet());
        List<String> missing = Workloads.ALL.stream().map(Object::getClass).filter(c -> !tiny.contains(c))
                .map(Class::getSimpleName).distinct().toList();
        assertEquals(List.of(), missing, "add a tiny instance to Workloads.SMOKE");
    }

    @Test
    void everyWorkloadRunsOnceOnEveryRuntime() throws Exception {
        List<String> failed = new ArrayList<>();
        for (Workload w : Workloads.SMOKE) {
            for (Contender c : Contender.values()) {
                Workload.Plan plan = w.plan(c, 1);
                if (!plan.runs()) {
                    continue;
                }
                try {
                    double figure = plan.run().once();
                    // Finite, not necessarily positive: a cost measured as a difference (short-syscall:
                    // wrapped minus direct calls) is noise around zero at a tiny size on a loaded machine.
                    if (Double.isNaN(figure) || Double.isInfinite(figure)) {
                        failed.add(w.name() + " on " + c + ": figure " + figure);
                    }
                } catch (Starved e) {
                    // a reported outcome, shown as "starved" in the table
                } catch (Exception | AssertionError e) {
                    failed.add(w.name() + " on " + c + ": " + e);
                }
            }
        }
        assertTrue(failed.isEmpty(), String.join("\n", failed));
    }
}
