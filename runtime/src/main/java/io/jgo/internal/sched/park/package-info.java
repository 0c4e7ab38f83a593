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
 * Every wait goes through one park, with one record for a parked party and one wake loop: the
 * commit (prepare, then g0's {@code ParkUnlock} once the goroutine is WAITING), the record
 * ({@link io.jgo.internal.sched.park.Waiter}: a goroutine's own, reused by each of its waits and
 * reset per wait, {@link io.jgo.internal.sched.park.Parking#waiterFor}), the wake-after-unlock loop
 * ({@link io.jgo.internal.sched.park.WakeList}, also the poller's), the one wait loop of a plain
 * thread ({@link io.jgo.internal.sched.park.PlainThreads#await}), and the rule that exactly one
 * source ends a wait ({@link io.jgo.internal.sched.park.OneWinner}). The park has two modes, on
 * purpose:
 * <ul>
 *   <li>Single-waker ({@link io.jgo.internal.sched.park.Parking#enqueue},
 *       {@link io.jgo.internal.sched.park.Parking#park},
 *       {@link io.jgo.internal.sched.park.Parking#resumed}): a wait on one primitive's queue (a
 *       channel's send or receive, a sync type's {@code WaitList}, a blocking lock, a descriptor of
 *       the poller) has one possible waker at a time, the one that dequeues it under the
 *       primitive's lock: no CAS (the one-winner rule's "skip the CAS when there is a single
 *       possible waker"), no allocation. None of these APIs has a deadline, an interrupt or a
 *       context of its own (Go's channel and sync operations have none). The poller's read and
 *       write deadlines stay the descriptor's: a deadline there is a property of the connection
 *       (set by any thread, before or during a wait, ending every waiter of that direction, kept
 *       for the next read), not of one wait, so it wakes the queue under the descriptor's lock as
 *       a close does.</li>
 *   <li>Multi-waker: a wait whose sources share no lock races them on
 *       {@link io.jgo.internal.sched.park.OneWinner}'s CAS. A {@code park.Park} (a future's
 *       completer, a context, a deadline timer, an interrupt; a sleep) puts the same record on its
 *       own queue ({@code Parking.enqueue}) with the park as its {@code elem}; a select
 *       ({@link io.jgo.internal.sched.park.SelectWait}) has one record per case, and the waker
 *       that wins the CAS dequeues its case. A blocking lock's timed or interruptible wait
 *       ({@code blocking.LockWait}) decides its race under the lock's guard instead, since every
 *       source takes it anyway.</li>
 * </ul>
 */
package io.jgo.internal.sched.park;
