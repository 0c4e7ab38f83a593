/**
 * Channels and select: Go's {@code chan.go} and {@code select.go}, behind {@code io.jgo.Chan} and
 * {@code io.jgo.Select}.
 *
 * <h2>Design</h2>
 * {@link io.jgo.internal.chan.HChan} is Go's {@code hchan}: a ring buffer, a FIFO queue of waiting
 * receivers and one of waiting senders ({@code io.jgo.internal.sched.park.WaitQueue} of
 * {@code Waiter}s, Go's sudogs), a closed flag and one lock. Every decision follows Go: a send
 * first looks for a waiting receiver and hands the value over directly (the receiver is readied
 * into the sender's runnext), then for room in the buffer, then waits; a receive from a full
 * buffer with a waiting sender takes the head and moves that sender's value to the tail; close
 * wakes everyone (receivers see "closed", senders panic). {@link io.jgo.internal.chan.SelectOp} is
 * {@code selectgo}: random poll order, one global lock order, pass 1 (poll), pass 2 (enqueue on
 * every channel, park once), pass 3 (dequeue from the others), with the winner among racing
 * wakers picked by a CAS ({@code io.jgo.internal.sched.park.SelectWait}).
 *
 * <p>The API's channel operations are leaves parking through {@code cont.LeafPark} ({@code Chan.send}, {@code Chan.recv},
 * ...; {@link io.jgo.internal.chan.SelectLeaf} for a select): they take the caller's
 * {@code Stack}, never a goroutine, so {@code io.jgo} names nothing of the scheduler.
 * {@code Select.select} itself, which runs the case bodies, is ordinary rewritten code.
 *
 * <h2>Invariants and threads</h2>
 * The lock of a channel guards its buffer indices, its queues and the waiters on them; it is never
 * held while anyone is parked (a parking goroutine holds it only until g0 made it WAITING, see the
 * parking seam in {@code io.jgo.internal.sched.park.Parking}) and never while readying a goroutine.
 * Several channel locks are taken only by a select, in {@code HChan.lockOrder} order. Fields read
 * without the lock ({@code qcount}, {@code closed}, the head of each queue) are read with acquire
 * loads by the failing non-blocking fast paths, whose linearizability argument (Go's) is in
 * {@link io.jgo.internal.chan.HChan}'s class comment. Any thread may operate on a channel:
 * goroutines of any runtime and plain threads, which block in place.
 *
 * <h2>Resumable frames</h2>
 * The public operations are {@code @Goroutine} leaves ({@code cont.Leaf}): they park through
 * {@code cont.LeafPark}, whose resume step reads their outcome from the waiter the G parked on. A resumed call gets no arguments back from its rewritten caller (only
 * the receiver), so everything needed after a park lives in the waiter or the {@code SelectOp}.
 * {@code Select.select} is also a middle frame: a case body may suspend, and select then saves its
 * own record and unwinds like rewritten code.
 *
 * <h2>Rejected</h2>
 * A lock-free channel (Koval et al.'s buffered channel): faster under contention, but far more
 * complex to combine with select and close, and Go's own channels take a lock too.
 * A {@code ReentrantLock} per channel (the first cut): a goroutine holds the lock across its unwind
 * to g0, so at GOMAXPROCS 2 the other carrier often found it held, parked on it, and every unlock
 * then paid a futex wake-up (more than half of the prime sieve's samples at p2). {@link
 * io.jgo.internal.sched.park.RuntimeLock} spins, then yields, then sleeps until the unlock wakes it, as Go's
 * runtime lock does; it releases with one store unless a waiter sleeps, so the wake-up is paid only
 * when a long unwind or a descheduled holder has already sent a waiter to sleep. (Blind sleeps of
 * growing length, the version before, left a freed lock unused for the rest of a sleep of at least
 * the ~50 µs timer slack: buffered-pipe's slow runs at GOMAXPROCS 2.)
 */
package io.jgo.internal.chan;
