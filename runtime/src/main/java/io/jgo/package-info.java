/**
 * jgo's public API: goroutines ({@link io.jgo.Go}), the {@link io.jgo.Goroutine} annotation that
 * marks methods which may suspend, channels ({@link io.jgo.Chan}, {@link io.jgo.Select}), timers,
 * and Go's sync types ({@link io.jgo.WaitGroup}, {@link io.jgo.Mutex}, {@link io.jgo.RWMutex},
 * {@link io.jgo.Cond}, {@link io.jgo.Once}, {@link io.jgo.Semaphore}, {@link io.jgo.ErrGroup}).
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
 * <p>Thread identity: inside a goroutine {@code Thread.currentThread()} is the carrier thread, but
 * {@code ThreadLocal} and {@code InheritableThreadLocal} values and the interrupt status belong to
 * the goroutine, as Loom gives each virtual thread its own ({@code -Djgo.threadLocals=carrier} keeps
 * carrier-scoped values).
 *
 * <h2>Misuse: Go's panic, or a Java precondition</h2>
 * Decided once for the whole package, by what went wrong:
 * <ul>
 *   <li>Misuse of a primitive's <em>state</em>, which Go reports with a run-time panic, throws
 *       {@link io.jgo.PanicException} with Go's message, in every class: "send on closed channel",
 *       "close of closed channel", "sync: negative WaitGroup counter", "sync: unlock of unlocked
 *       mutex", "sync: RUnlock of unlocked RWMutex", "sync: Unlock of unlocked RWMutex",
 *       "semaphore: released more than held". In a goroutine of {@code Go.run} it ends the run, as a
 *       panic ends a Go program.</li>
 *   <li>A bad <em>argument</em>, which Go rejects at compile time or has no value for (a null where
 *       an object is needed, a negative capacity or size, a non-positive limit, two
 *       {@code otherwise} cases), throws Java's precondition exceptions:
 *       {@link java.lang.NullPointerException} and {@link java.lang.IllegalArgumentException},
 *       naming the argument. A call in the wrong place ({@code Go.run} inside a goroutine) throws
 *       {@link java.lang.IllegalStateException}.</li>
 * </ul>
 * No blocking operation declares {@code InterruptedException}; {@code Go.syscall} rethrows what its
 * call throws, unchanged.
 *
 * <h2>How the API reaches the runtime</h2>
 * The sync types keep only their state algorithms and park through one seam,
 * {@code io.jgo.internal.sync.WaitList} (Go's {@code sema.go}); {@code Go} reaches the scheduler
 * through {@code io.jgo.internal.proc}. Methods that suspend are ordinary {@code @Goroutine} Java,
 * rewritten when the runtime is built by jgo's own instrumenter; only the leaves where every
 * suspension ends (a park, a yield, a channel operation, a select) drive the stack protocol by hand.
 */
package io.jgo;
