package io.jgo;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Test-only stand-in for the runtime's {@code @Goroutine} (same name, same retention): the agent
 * module builds before the runtime, and the rewrite recognises the annotation by name only. It lets
 * {@code AgentJarIT} show a class going through the whole agent pipeline; that class is only
 * loaded, never run (its rewritten code refers to runtime classes this module does not have).
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Goroutine {
}
