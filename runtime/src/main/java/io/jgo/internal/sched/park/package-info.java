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
 * of a plain thread ({@link io.jgo.internal.sched.park.PlainThreads#await}), the wake-after-unlock
 * list ({@link io.jgo.internal.sched.park.WakeList}), and each goroutine's reusable records: its
 * waiter ({@link io.jgo.internal.sched.park.Parking#waiterFor}) and its one {@code park.Park}
 * ({@link io.jgo.internal.sched.park.Parking#cachedPark}, with one deadline timer), reset per wait,
 * so neither shape allocates per wait. Two shapes remain, on purpose:
 * <ul>
 *   <li>A waiter on one primitive's queue (a channel operation, a select, a sync type's
 *       {@code WaitList}, a blocking lock, a descriptor of the poller) has one possible waker at a
 *       time, decided by the primitive's lock: it needs no CAS, which is the one-winner rule's
 *       "skip the CAS when there is a single possible waker". None of these APIs has a deadline,
 *       an interrupt or a context (Go's channel, select and sync operations have none; the
 *       poller's deadlines are the descriptor's own), so the park would give them nothing but a
 *       reset per wait.</li>
 *   <li>A wait whose sources share no lock (a future's completer, a context, a timer, an
 *       interrupt; a sleep, whose sources are its timer and an interrupt) is a {@code park.Park}:
 *       its sources race on {@code OneWinner}'s CAS. A goroutine's own park is reused
 *       ({@code Park.of}: a sleep allocates nothing); a park kept by a primitive after the wait (a
 *       future's completer list) is fresh.</li>
 * </ul>
 * Not yet merged: channels, select and {@code WaitList} enqueue the goroutine's cached waiter
 * through {@link io.jgo.internal.sched.park.Parking} directly rather than through the park;
 * {@code blocking.LockWait} keeps its own record, and the poller ({@code poll.PollDesc}) still walks
 * its own two wake loops.
 */
package io.jgo.internal.sched.park;
