package io.jgo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that may suspend: the jgo agent (or the build-time instrumenter) rewrites it into a
 * resumable state machine. A call to it from another {@code @Goroutine} method, or from a lambda
 * body that runs as a goroutine, is a suspension point. Called outside any goroutine it runs as
 * plain Java.
 *
 * <p>Suspension must be able to unwind every frame between the goroutine's entry and the yield
 * point. A frame that was not rewritten (a library callback, reflection, a constructor) or that
 * holds a monitor ({@code synchronized}) pins the goroutine instead: it then blocks its carrier
 * thread, which hands its P to another carrier, and a warning names the frame once.
 *
 * <p>Inside a goroutine, {@code Thread.currentThread()} is the carrier thread, but
 * {@code ThreadLocal} and {@code InheritableThreadLocal} values and the interrupt status belong to
 * the goroutine, as Loom gives each virtual thread its own ({@code -Djgo.threadLocals=carrier} keeps
 * carrier-scoped values).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Goroutine {
}
