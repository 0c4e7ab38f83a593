/**
 * The seam between the {@code io.jgo} sync types ({@code WaitGroup}, {@code Mutex}, {@code RWMutex},
 * {@code Cond}, {@code Once}, {@code Semaphore}) and the scheduler, as Go's {@code runtime/sema.go}
 * is the one seam between package {@code sync} and the runtime: {@link io.jgo.internal.sync.WaitList}
 * parks and readies the parties of one primitive with a typed {@link io.jgo.internal.sched.park.WaitReason}.
 * The sync types keep only their state algorithms and import nothing of the scheduler.
 *
 * <p>Depends on the park seam below the scheduler ({@code io.jgo.internal.sched.park}: waiter
 * records, the park protocol, the plain-thread wait, a goroutine as an opaque {@code Party}) and on
 * nothing else of the scheduler; the scheduler never depends on this package.
 */
package io.jgo.internal.sync;
