/**
 * What rewritten code calls in place of, or around, the JDK calls that block a thread (the
 * instrumenter's {@code BlockingCalls} and {@code OwnedLockCalls} choose the calls):
 * {@link io.jgo.internal.blocking.Blocking} enters a syscall around a blocking call and parks for
 * {@code Thread.sleep}; {@link io.jgo.internal.blocking.Futures} parks the goroutine until a future
 * completes; {@link io.jgo.internal.blocking.ChannelCalls} parks it until a blocking-mode socket
 * channel is ready; {@link io.jgo.internal.blocking.OwnedLocks} counts the thread-owned locks a goroutine
 * holds, so that it pins instead of leaving its thread, and makes the locks of rewritten code:
 * {@code new ReentrantLock()} there is a {@link io.jgo.internal.blocking.ParkingReentrantLock}, owned by the
 * goroutine, whose waits (and its {@link io.jgo.internal.blocking.ParkingCondition}s') park through
 * {@code LeafPark} ({@link io.jgo.internal.blocking.LockWait} is one party's wait: a grant or signal, a
 * timeout and an interrupt race, the first wins under the lock's guard). Exported by the runtime module (rewritten
 * classes live in the user's modules), by the names in {@code io.jgo.instrument.RuntimeNames}.
 *
 * <p>Sits above the scheduler: it parks through the park seam ({@code sched.park}) and enters every
 * syscall through the one entry, {@code sched.Syscalls.enter}/{@code exit}, naming its policy
 * ({@code HAND_OFF_AT_ONCE} for a call known to block, {@code RETAKE_IF_IT_LASTS} for one that
 * usually returns at once); the scheduler never depends on it.
 *
 * <p>One guard strategy: the guard a goroutine holds across its unwind (until g0 has made it
 * WAITING) is the runtime's lock, {@code sched.park.RuntimeLock}, as for channels, {@code WaitList}
 * and {@code park.Park}: {@code ParkingReentrantLock.guard}, shared by its conditions and every
 * {@code LockWait}. It has no owner thread, and nothing holds it across a wait: a plain thread
 * releases it before it blocks, and the sections under it are a few field writes (its
 * spin-then-sleep is for such sections).
 */
package io.jgo.internal.blocking;
