package io.jgo.internal.blocking;

import java.util.concurrent.CompletableFuture;

/**
 * A {@code Future} that is not a {@code CompletableFuture} but says when it is done through one, so
 * that {@link Futures} can park a goroutine in its {@code get} instead of blocking the carrier
 * (the futures of {@code Go.executor()}).
 */
public interface Awaitable {

    /** Completes (normally or not) when the future is done, and never before. */
    CompletableFuture<?> completion();
}
