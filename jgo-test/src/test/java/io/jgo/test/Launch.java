package io.jgo.test;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one {@code @GoTest} method of a fixture class through the JUnit Platform launcher, as a
 * build would, so that a test can read the failure the extension reports. Fixture classes are
 * static nested classes, which Surefire does not run by themselves.
 */
final class Launch {

    private Launch() {
    }

    /** The failures of running {@code method} of {@code fixture}; empty when it passed. */
    static List<Throwable> failuresOf(Class<?> fixture, String method) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(fixture, method)).build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        TestExecutionSummary summary = listener.getSummary();
        if (summary.getTestsFoundCount() != 1) {
            throw new AssertionError("expected one test in " + fixture.getName() + "." + method + ", found "
                    + summary.getTestsFoundCount());
        }
        return summary.getFailures().stream().map(TestExecutionSummary.Failure::getException).collect(Collectors.toList());
    }

    /** The one failure of running {@code method}; fails when it passed. */
    static Throwable failureOf(Class<?> fixture, String method) {
        List<Throwable> failures = failuresOf(fixture, method);
        if (failures.size() != 1) {
            throw new AssertionError(fixture.getSimpleName() + "." + method + " should have failed once, failed " + failures.size()
                    + " times: " + failures);
        }
        return failures.get(0);
    }

    /** Runs {@code r} with {@code -Djgo.test.seed} set to {@code seed}, restoring it afterwards. */
    static <T> T withSeed(long seed, java.util.function.Supplier<T> r) {
        String before = System.getProperty(Seeds.PROPERTY);
        System.setProperty(Seeds.PROPERTY, Long.toString(seed));
        try {
            return r.get();
        } finally {
            if (before == null) {
                System.clearProperty(Seeds.PROPERTY);
            } else {
                System.setProperty(Seeds.PROPERTY, before);
            }
        }
    }
}
