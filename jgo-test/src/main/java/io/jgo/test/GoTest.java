package io.jgo.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test whose body runs as the main goroutine of a fresh <em>bubble</em>: a runtime of its
 * own with one carrier, a virtual clock and a seeded schedule (Go's {@code testing/synctest} plus
 * {@code goleak}). See docs/testing.md.
 * <ul>
 *   <li><b>Virtual time</b> ({@link #virtualTime}): {@code Go.sleep}, {@code Thread.sleep} in
 *       rewritten code, timers, tickers, {@code Go.after} and context deadlines run on a clock
 *       that jumps to the next timer only when every goroutine of the bubble is durably blocked;
 *       {@link Bubble#elapsed()} reads it, {@link Bubble#await()} waits for the others to block.</li>
 *   <li><b>Seeds</b> ({@link #seeds}): the body runs under seeds 1 to N, each a reproducible
 *       schedule; a failure names its seed as {@code seed=N}, and {@code -Djgo.test.seed=N} runs
 *       exactly that one.</li>
 *   <li><b>Leaks, deadlocks, panics</b>: goroutines still alive when the body has returned (and the
 *       others have settled) fail the test with {@code leaked goroutine} and each one's stack and
 *       {@code created by}; a bubble whose goroutines all block with no timer fails with the
 *       runtime's deadlock report; an exception escaping any goroutine fails the test with that
 *       exception as the failure's cause.</li>
 * </ul>
 * The annotated method is suspendable as if it carried {@code @Goroutine} (the rewrite knows this
 * annotation); methods it calls that block need {@code @Goroutine} as usual.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(GoTestExtension.class)
public @interface GoTest {

    /** How many schedule seeds the body runs under (seeds 1 to N); at least 1. */
    int seeds() default 1;

    /** Whether the bubble's timers run on a virtual clock (false: the real one). */
    boolean virtualTime() default true;
}
