/**
 * jgo's public API: goroutines ({@link io.jgo.Go}), the {@link io.jgo.Goroutine} annotation that
 * marks methods which may suspend, and synchronisation ({@link io.jgo.WaitGroup}).
 *
 * <p>Which runtime: {@code Go.go}, {@code Go.maxProcs}, {@code Go.numGoroutine} and
 * {@code Go.gosched} act on the runtime of the calling goroutine; from a plain thread, on a default
 * runtime started lazily with daemon carriers. {@code Go.run(main)} starts a fresh runtime whose M0
 * is the calling thread and returns when {@code main} returns.
 *
 * <p>Cancellation and Java's executors: {@link io.jgo.Context} is Go's {@code context} (a tree of
 * {@link io.jgo.CancelContext}s whose {@code done()} channel is a {@code Select} case);
 * {@link io.jgo.Go#executor()} is an {@code ExecutorService} that runs each task as a goroutine
 * ({@link io.jgo.GoExecutorService}, with {@code GoFuture} as each task's future and goroutine body).
 *
 * <p>Thread identity: inside a goroutine {@code Thread.currentThread()} is the carrier thread and
 * {@code ThreadLocal} values belong to the carrier.
 */
package io.jgo;
