/**
 * The park layer: one park with a deadline, an interrupt and a cancellation, for every blocking
 * call that needs more than its primitive's own wake-up ({@link io.jgo.internal.park.Park}).
 *
 * <p>A primitive parks a party through a {@code @Leaf} method whose start step is
 * {@link io.jgo.internal.park.Park#prepare} (a goroutine) or
 * {@link io.jgo.internal.park.Park#awaitAsThread} (a plain thread), and whose resume step is
 * {@link io.jgo.internal.park.Park#afterPark}; its waker calls {@link io.jgo.internal.park.Park#wake}.
 * Deadline (a runtime timer), interrupt ({@code sched.Interrupts}) and cancellation (a
 * {@code Context}, through {@code proc.AfterCancel}, or the primitive's own close) race with the
 * wake for one CAS; exactly one wins and the losers' clean-up is the party's, after the wait.
 * {@link io.jgo.internal.park.ParkLeaf} is the ready-made leaf for a primitive that needs nothing
 * else: {@code new Park(...)}, hand it to the waker, {@code ParkLeaf.park(p)}.
 *
 * <p>Two lifetimes: a fresh park ({@code new Park}) is used once, by a plain thread or by a primitive
 * that keeps it after the wait (a future's completer list, a context registration); a goroutine's
 * own park ({@link io.jgo.internal.park.Park#of}) is reset for each of its waits and keeps one
 * deadline timer, so a wait allocates nothing. A sleep ({@link io.jgo.internal.park.Sleep}:
 * {@code Go.sleep}, {@code Thread.sleep} in rewritten code) is such a wait, with a deadline and an
 * interrupt and no waker. Why no source of one wait can end the next (a timer under way, a late
 * interrupter) is in {@link io.jgo.internal.park.Park}'s class comment, races R5 and R6.
 *
 * <p>{@code Park} is the park's multi-waker mode. Its single-waker mode, for a wait on one
 * primitive's queue whose one waker is chosen under that primitive's lock (channels, the sync
 * types' {@code WaitList}, the poller, the blocking locks), is
 * {@code sched.park.Parking.enqueue}/{@code park}/{@code resumed}: no CAS, no allocation. Both
 * put the goroutine's one reused record ({@code sched.park.Waiter}) on a queue and are woken by
 * one loop ({@code sched.park.WakeList}); see {@code sched.park}'s design notes, "One park".
 *
 * <p>Sits above {@code io.jgo.internal.sched} (timers through {@code sched.Goroutines},
 * interrupts) and {@code io.jgo.internal.proc} (the after-cancel registry); the scheduler never
 * depends on it. The queue-side seam it builds on ({@code sched.park}: {@code Parking},
 * {@code WaitQueue}, {@code Waiter}, {@code WakeList}, {@code ParkUnlock}, {@code SelectWait}) sits
 * below the scheduler and knows a goroutine only as a {@code sched.park.Party}.
 */
package io.jgo.internal.park;
