package io.jgo.internal.cont;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code @Goroutine} method of the runtime that suspends through {@link LeafPark} (a
 * <em>leaf</em>: every suspension ends in one). The build's rewrite ({@code rewrite-api}) leaves a
 * marked method as written, since the leaf takes the call-site handshake itself, inside
 * {@link LeafPark#$jgo$park}; it rewrites every other {@code @Goroutine} method of the class. The
 * rewrite refuses a class whose unmarked method calls {@code LeafPark.$jgo$park} or takes the
 * handshake by hand (a rewritten prologue would take the call site first, and the leaf would pin),
 * and {@code LeafProtocolTest} checks the built classes: every unmarked {@code @Goroutine} method
 * that can suspend is rewritten, and no class but {@link LeafPark} speaks the leaf protocol.
 *
 * <p>Known to the instrumenter by name ({@code RuntimeNames.LEAF_DESC}); class retention, like
 * {@code @Goroutine}.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Leaf {
}
