package io.jgo.stress;

import io.jgo.Go;
import io.jgo.internal.sched.Sched;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs every test method (plain, repeated or parameterized) as the main goroutine of a fresh
 * {@code Go.run}, on a carrier thread, so that the code under test runs as goroutine code: under
 * the agent's {@code stress=} it yields at its suspension points, and a result that changes is a
 * defect of the rewrite. Registered for every test class by JUnit's extension auto-detection
 * ({@code junit-platform.properties}). Whatever the test throws is rethrown on JUnit's thread.
 */
public final class InGoroutines implements InvocationInterceptor {

    /** Test methods run in goroutines so far in this JVM; any JUnit thread writes, {@link InGoroutinesTest} reads. */
    static final AtomicLong RUN = new AtomicLong();

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                    ExtensionContext extension) throws Throwable {
        inGoroutine(invocation);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                            ExtensionContext extension) throws Throwable {
        inGoroutine(invocation);
    }

    private static void inGoroutine(Invocation<Void> invocation) throws Throwable {
        Throwable[] failure = new Throwable[1];
        Sched[] runtime = new Sched[1]; // the Go.run's scheduler, for RunCounts once it has returned
        Go.run(() -> {
            runtime[0] = RunCounts.currentRuntime();
            try {
                invocation.proceed();
            } catch (Throwable t) {
                failure[0] = t; // a failed assertion is the test's result, not a panic of the runtime
            }
        });
        RUN.incrementAndGet();
        RunCounts.add(runtime[0]);
        if (failure[0] != null) {
            throw failure[0];
        }
    }
}
