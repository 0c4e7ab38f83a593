package io.jgo.test;

import io.jgo.DeadlockException;
import io.jgo.PanicException;
import io.jgo.internal.proc.Bubbles;
import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a {@link GoTest} method's body as the main goroutine of a fresh bubble, once per seed
 * ({@link Seeds}), and turns what went wrong into the test's failure: the body's own exception,
 * another goroutine's panic, a deadlock or leaked goroutines, each with {@code seed=N} in the
 * message and the exception as the cause. The first failing seed ends the test. Registered by
 * {@code @GoTest}; stateless.
 */
public final class GoTestExtension implements InvocationInterceptor {

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                    ExtensionContext extension) throws Throwable {
        Method method = context.getExecutable();
        GoTest settings = method.getAnnotation(GoTest.class);
        if (settings == null) {
            invocation.proceed(); // registered by hand on a method without @GoTest: JUnit runs it as usual
            return;
        }
        Body body = TestMethods.bind(method, context.getTarget().orElse(null), context.getArguments());
        invocation.skip(); // the bubble calls the method itself, once per seed
        for (long seed : Seeds.toRun(settings.seeds(), method)) {
            AssertionError failure = runOnce(body, seed, settings.virtualTime());
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** One bubble under {@code seed}; the test's failure, or null when it passed. */
    static AssertionError runOnce(Body body, long seed, boolean virtualTime) {
        MainGoroutine main = new MainGoroutine(body);
        try {
            Bubbles.run(main.asRunnable(), seed, virtualTime, Bubbles.defaultYieldChance());
        } catch (DeadlockException deadlock) {
            return failure(seed, "every goroutine of the bubble is blocked and no timer is armed: "
                    + firstLine(deadlock.getMessage()), deadlock);
        } catch (PanicException panic) {
            Throwable cause = panic.getCause() != null ? panic.getCause() : panic;
            return failure(seed, "a goroutine of the bubble failed: " + cause, cause);
        } catch (RuntimeException | Error escaped) {
            return failure(seed, "a goroutine of the bubble failed: " + escaped, escaped); // however the runtime reports it
        }
        if (main.failure != null) {
            Throwable t = main.failure;
            String m = t.getMessage();
            return failure(seed, m != null ? m : t.toString(), t);
        }
        if (main.leaked > 0) {
            return failure(seed, "leaked goroutine" + (main.leaked == 1 ? "" : "s") + ": " + main.leaked
                    + " still alive when the test body returned and the others had settled:\n" + main.leakDump, null);
        }
        return null;
    }

    private static AssertionError failure(long seed, String message, Throwable cause) {
        return new AssertionFailedError(message + " [seed=" + seed + Seeds.replayHint(seed) + "]", cause);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "deadlock";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
