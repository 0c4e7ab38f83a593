package io.jgo.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a heavy test class (JUnit tag {@code heavy}): one that takes seconds rather than
 * milliseconds in a full build on two loaded cores (about 3 s or more in its Surefire report:
 * fuzzing, stress, model checking, forked JVMs or Maven builds). The default {@code mvn verify}
 * runs them all; {@code mvn verify -DexcludedGroups=heavy} is the fast lane without them
 * (docs/development.md). Modules that do not see this test jar (the instrumenter, the Maven plugin,
 * the benchmarks) write {@code @Tag("heavy")} instead, and a jqwik property class adds jqwik's own
 * {@code net.jqwik.api.Tag} (jqwik's engine does not read JUnit Jupiter's).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Tag(Heavy.TAG)
public @interface Heavy {

    /** The tag's name, as {@code -DexcludedGroups=} takes it. */
    String TAG = "heavy";
}
