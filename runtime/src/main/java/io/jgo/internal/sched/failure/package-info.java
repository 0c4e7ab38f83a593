/**
 * How a runtime reports what went wrong (Go's {@code throw}, a goroutine's unrecovered panic, and
 * what {@code Go.run} throws to its caller), below the scheduler: it knows no G, M or P.
 *
 * <h2>What is here</h2>
 * <ul>
 *   <li>{@link io.jgo.internal.sched.failure.Failures}: one per runtime. The first panic, deadlock
 *       or fatal error of a {@code Go.run} runtime is what {@code Go.run} throws; later ones are
 *       added to it as suppressed; one that comes after {@code Go.run} took its failure is printed.
 *       The default runtime (no M0) prints them all.</li>
 *   <li>{@link io.jgo.internal.sched.failure.Panics}: a goroutine's panic as Go prints it, and the
 *       fallback when even that runs out of memory (a message made up front, so that reporting it
 *       allocates nothing).</li>
 *   <li>{@link io.jgo.internal.sched.failure.RunFailure}: how the failure is thrown on the caller of
 *       {@code Go.run} (a test's assertion stays an assertion).</li>
 * </ul>
 *
 * <h2>What stays in the scheduler</h2>
 * Whatever must look at G, M or P: what a failed carrier does with its P ({@code M.carrierFailed}),
 * the deadlock check ({@code sched.Deadlock}, {@code sched.DeadlockWatch}) and the goroutine dump
 * ({@code sched.Dump}), which read every goroutine's status and wait. They report through this
 * package; nothing here calls back. {@code PackageLayersTest} holds that this package depends on
 * nothing of jgo but the API's panic types.
 *
 * <h2>Threads</h2>
 * Any thread reports; {@code Failures} orders every report against {@code Go.run}'s last look
 * ({@code closeFailures}) under one lock, and wakes M0 (its thread, given by the scheduler) for
 * the first one.
 */
package io.jgo.internal.sched.failure;
