/**
 * The park seam: how a goroutine or a plain thread blocks on a primitive and how it is woken (Go's
 * {@code gopark}/{@code goready}, {@code sudog}, {@code waitq}, {@code waitReason}). Every primitive
 * parks through it: channels and select ({@code io.jgo.internal.chan}), the sync types
 * ({@code io.jgo.internal.sync.WaitList}), the park with a deadline, an interrupt or a cancellation
 * ({@code io.jgo.internal.park.Park}), the blocking stand-ins' waits and the poller.
 *
 * <h2>Below the scheduler, knowing no G</h2>
 * The seam sits below {@code io.jgo.internal.sched} (whose park commit, deadlock check and dump
 * read it) and depends only on the contract and the continuation machinery. A goroutine is a
 * {@link io.jgo.internal.sched.park.Party} here: the scheduler's {@code G} extends it and implements
 * its four methods (ready, has its runtime stopped, which runtime, prepare the park); the seam's two
 * slots in it (what the goroutine is parked on, its cached waiter) are plain fields, so a park reads
 * and writes them without a call. Outside the scheduler every package holds a goroutine as a
 * {@code Party} and never names {@code G} ({@code PackageLayersTest}).
 *
 * <h2>Classes</h2>
 * <ul>
 *   <li>{@link io.jgo.internal.sched.park.Parking}: the protocol (prepare, take the waiting record
 *       back, cancel a park that did not happen, count a plain thread's wait).</li>
 *   <li>{@link io.jgo.internal.sched.park.Waiter} (the sudog), {@link io.jgo.internal.sched.park.WaitQueue}
 *       (the FIFO of waiters, and who has reached a primitive, for the deadlock check),
 *       {@link io.jgo.internal.sched.park.WakeList} (waiters dequeued under a lock, woken after it),
 *       {@link io.jgo.internal.sched.park.SelectWait} (one select's cases, one winner).</li>
 *   <li>{@link io.jgo.internal.sched.park.ParkUnlock}: what g0 runs once the goroutine is WAITING
 *       (Go's {@code unlockf}); {@link io.jgo.internal.sched.park.RuntimeLock}: the one lock a
 *       primitive holds across a goroutine's unwind (ownerless, spins, then sleeps).</li>
 *   <li>{@link io.jgo.internal.sched.park.PlainThreads}: plain threads blocked in jgo calls (counted
 *       for the deadlock check, listed in dumps, warned about); it tells the observers through
 *       {@link io.jgo.internal.sched.park.ParkListener}, a service, as the scheduler does through
 *       {@code SchedListener}.</li>
 *   <li>{@link io.jgo.internal.sched.park.WaitReason}: why a goroutine waits, Go's wording. The one
 *       class of this package the API ({@code io.jgo}) may name.</li>
 * </ul>
 * The protocol itself, its races and who writes what, is in {@link io.jgo.internal.sched.park.Parking}'s
 * class comment.
 *
 * <h2>One park, and where the hot path differs</h2>
 * Shared by every wait: the commit (prepare, then g0's {@code ParkUnlock} once the goroutine is
 * WAITING), the rule that exactly one source ends a wait ({@link io.jgo.internal.sched.park.OneWinner}:
 * a select's wakers, a {@code park.Park}'s wake, deadline, interrupt and cancel), the one wait loop
 * of a plain thread ({@link io.jgo.internal.sched.park.PlainThreads#await}) and the wake-after-unlock
 * list ({@link io.jgo.internal.sched.park.WakeList}). Two shapes remain, on purpose:
 * <ul>
 *   <li>A waiter on one primitive's queue (a channel operation, a sync type's {@code WaitList}, a
 *       blocking lock) has one possible waker at a time, decided by the primitive's lock: it needs no
 *       CAS and allocates nothing (the G's cached waiter). Routing it through a {@code park.Park} would
 *       add an allocation and a CAS to every channel send and receive and every contended
 *       {@code Mutex} (the byte budgets of {@code ByteBudgetsTest} forbid the first).</li>
 *   <li>A wait whose sources share no lock (a future's completer, a context, a timer, an interrupt)
 *       is a {@code park.Park}: its sources race on {@code OneWinner}'s CAS.</li>
 * </ul>
 * Not yet merged: {@code Go.sleep} keeps its own unlock step ({@code Timers.armSleep}, whose per-G timer
 * is reused and armed on the P's own heap: as a {@code Park} each sleep would allocate a park, its lock
 * and its queue), {@code blocking.LockWait} keeps its {@code ReentrantLock} guard, and the poller
 * ({@code poll.PollDesc}) still walks its own two wake loops.
 */
package io.jgo.internal.sched.park;
