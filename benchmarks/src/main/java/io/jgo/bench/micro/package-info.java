/**
 * JMH micro-benchmarks of the continuation machinery.
 *
 * <ul>
 *   <li>{@link io.jgo.bench.micro.FastPath}: what the rewrite costs a {@code @Goroutine} method that
 *       does not suspend (rewritten chain vs an identical plain chain, depth 1 and 10, small and
 *       medium bodies), on a carrier thread; {@link io.jgo.bench.micro.FastPathOnPlainThread} the
 *       same from a plain thread.</li>
 *   <li>{@link io.jgo.bench.micro.OwnedLockOps}: what counting thread-owned locks adds to a free
 *       {@code lock(); unlock()} in rewritten code (rewritten vs plain method).</li>
 *   <li>{@link io.jgo.bench.micro.SuspendResume}: one suspend + resume round trip at stack depth
 *       1 to 100, jgo's {@code Coroutine} side by side with Loom's {@code jdk.internal.vm.Continuation}.</li>
 * </ul>
 *
 * <h2>Build</h2>
 * The classes that hold {@code @Goroutine} methods ({@link io.jgo.bench.micro.GoroutineChains},
 * {@link io.jgo.bench.micro.SuspendingFrames}, the lambda in {@code SuspendResume}) are rewritten
 * ahead of time by the instrumenter CLI in the {@code process-classes} phase, so JMH's forks need no
 * agent. JMH's generated classes hold no suspendable code and are left alone. The Loom driver
 * lives in {@code src/loom/java}, compiled by a second compiler execution without {@code --release}
 * (it needs {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}), and is reached by reflection.
 *
 * <h2>Threads</h2>
 * {@link io.jgo.bench.micro.CarrierExecutor} makes JMH's workers {@link io.jgo.internal.cont.Carrier}s,
 * the threads goroutines run on, so the stack lookup in every rewritten prologue takes the
 * production path. Every benchmark here is single-threaded ({@code Scope.Thread} state).
 */
package io.jgo.bench.micro;
