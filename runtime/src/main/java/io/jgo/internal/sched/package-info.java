/**
 * The scheduler: Go's G/M/P model, reproduced on the JVM.
 *
 * <h2>Concepts</h2>
 * <ul>
 *   <li><b>G</b> ({@link io.jgo.internal.sched.G}): a goroutine: body, segmented stack, status,
 *       wait reason. Dead Gs are reused through per-P free lists that spill to and refill from a
 *       shared lock-free stack of batches, one CAS per batch ({@link io.jgo.internal.sched.GFree}).</li>
 *   <li><b>M</b> ({@link io.jgo.internal.sched.M}): a carrier thread; its {@code run()} is g0, the loop
 *       {@code schedule -> findRunnable -> execute}. A goroutine runs in frames nested under
 *       {@code execute} and unwinds back to it on every park, yield and exit (return-based
 *       continuations, see {@code io.jgo.internal}). Ms are created on demand and park when idle.</li>
 *   <li><b>P</b> ({@link io.jgo.internal.sched.P}): the right to run Go code; GOMAXPROCS of them, each
 *       with a 256-slot local run queue plus {@code runnext}, a free-G list and a schedule tick.</li>
 *   <li><b>Sched</b> ({@link io.jgo.internal.sched.Sched}): one runtime. {@code Go.run} creates one
 *       whose M0 is the caller; the default runtime serves plain threads. No other statics.</li>
 * </ul>
 *
 * <h2>Approach</h2>
 * Go's {@code proc.go}, decision for decision. New and readied Gs go to the current P's runnext (and
 * inherit its time slice); a full ring moves half of itself plus the new G to the global queue;
 * Gosched and preemption put the G on the global queue. {@code findRunnable}: timers hook, every
 * 61st tick one G from the global queue (beyond Go, once per tick not ahead of a sleeper the timers
 * hook just readied into runnext, see {@code M.findRunnable}), the local queue, a global batch of
 * {@code min(len/GOMAXPROCS + 1, len, 128)}, then (if the spinning limit allows) four steal passes
 * over the Ps in a random coprime-stride order taking half a victim's ring, runnext only on the last
 * pass and after Go's 3 µs sleep (the timer slack makes it about 50 µs on Linux, in Go too;
 * {@link io.jgo.internal.sched.Steal}); then drop the P and park.
 * Those numbers, and the decisions that go beyond Go (the lazy wake-up, the sleeper ahead of the
 * global queue), are named and explained in one place, {@link io.jgo.internal.sched.RunPolicy}.
 *
 * <h2>Sub-packages</h2>
 * Below the scheduler, knowing no G, M or P: {@code sched.timer} (timers, their heaps and clocks,
 * reaching the runtime through {@code TimerHost}, which {@link io.jgo.internal.sched.Timers}
 * implements) and {@code sched.failure} (what {@code Go.run} throws, panics as Go prints them).
 * What needs G, M and P stays here: which M runs whose timers, the deadlock check, the dump, the
 * network poller and the park seam.
 *
 * <h2>Spinning and the lost wake-up</h2>
 * A spinning M is one without work that is looking for it. At most half as many Ms spin as there
 * are busy Ps ({@code 2*nmspinning < gomaxprocs - npidle}); {@code wakep} starts a spinning M only
 * when none spins; a spinning M that finds work stops spinning and calls {@code wakep}
 * ({@code resetSpinning}), so work that arrives in bursts fans out one M at a time.
 * The race that must not lose a wake-up, and how it is closed:
 * <pre>
 *   producer P1 (a goroutine spawns G)        spinning M2 (found nothing, giving up)
 *   1. runq/global put G (volatile write)     a. drop P2 to the idle list (sched.lock)
 *   2. fullFence (StoreLoad; or 1 was a        b. nmspinning-- (volatile RMW = StoreLoad)
 *      volatile RMW: Ms.wakepPublished)
 *   3. read nmspinning                        c. re-check global + every busy P's ring
 * </pre>
 * Sequential consistency of the volatile accesses guarantees that 3 sees M2 still spinning only if
 * c happens after 1, so either the producer starts a spinning M (nmspinning was 0) or M2's re-check
 * finds G and takes an idle P for it. If M2's re-check finds work but no idle P, it sets
 * {@code needSpinning}; the next non-spinning M about to drop its P (under sched.lock) sees it and
 * becomes spinning instead, so an idle P never coexists with runnable work. Puts to the global
 * queue are covered the same way: the dropping M checks the global queue under sched.lock before
 * step a, and re-checks it in c.
 * <p>Unlike Go 1.21+, a {@code wakep} that finds every P busy takes neither the spinning slot nor
 * sched.lock (there is no M to start): it sets {@code needSpinning} without the lock
 * ({@code Spinning.requestWithoutIdleP}) and re-reads the idle count, while an M dropping its P
 * increments that count and then reads the flag again ({@code M.dropPAndPark}); one of the two sees
 * the other, so the request is never lost to a P going idle at the same moment (Dekker, on volatiles).
 * Before, every spawn, ready and yield in a busy runtime wrote the spinning count and the lock's
 * state, lines shared by every P ({@code WakepWithEveryPBusyTest}).
 *
 * <h2>Pinned goroutines, syscalls and M0: locked Ms</h2>
 * A goroutine whose frames cannot unwind blocks its carrier ({@code Continuation.Owner.parkPinned}): the
 * park is committed, the P is handed off ({@code handoffP}), and the G is <em>locked</em> to that
 * M. A locked G is readied onto the ordinary queues; the M that dequeues it hands its P to the
 * locked M and parks ({@link io.jgo.internal.sched.Handoff}, Go's {@code startlockedm}). The main
 * goroutine (locked to M0 for life, so {@code Go.run} returns the moment main ends) and a goroutine
 * leaving a syscall without finding a P use the same mechanism.
 *
 * <h2>Syscalls and sysmon</h2>
 * There is one way into a syscall and one way out: {@link io.jgo.internal.sched.Syscalls#enter} and
 * {@link io.jgo.internal.sched.Syscalls#exit} (Go's {@code entersyscall}/{@code exitsyscall}), taken by
 * {@code Go.syscall}, the rewrite's {@code blocking.Blocking} around a blocking JDK call, the JDK
 * locks' waits and the network's waits in place. The caller names a policy, when the P goes:
 * {@code RETAKE_IF_IT_LASTS} (Go's {@code entersyscall}, {@code Go.syscall}'s): G and P go to SYSCALL,
 * the P stays attached to the M ({@code m.oldP}); nothing is handed off and no thread is woken;
 * {@code HAND_OFF_AT_ONCE} (Go's {@code entersyscallblock}, for a call known to block): the P is
 * handed off as the call starts. {@code exitsyscall} takes the
 * old P back with one CAS (SYSCALL -> RUNNING), else an idle P, else queues the G locked to its M.
 * {@link io.jgo.internal.sched.Sysmon} (one thread per runtime, no P) retakes a P that stayed in the
 * same syscall for a sysmon tick when it has work or nobody spins or idles, and after 10 ms in any
 * case: the same CAS, so exactly one of the two owns the P afterwards ({@link io.jgo.internal.sched.P}).
 * It also asks a G that has run 10 ms on one schedule tick to yield, and takes the P from a G that
 * has not answered after one more slice (a carrier blocked on a monitor, in native code, in code
 * nobody rewrote): that G goes to SYSCALL without a P, as if it had entered a syscall, and gets a P
 * back through exitsyscall's path at its next call into the scheduler. The race between sysmon and
 * that G's own thread is decided on the G's status word ({@link io.jgo.internal.sched.G}, "the scan
 * bit"). A G therefore runs without a P in exactly two cases, both G status SYSCALL: inside a
 * syscall ({@code Syscalls.enter}), and retaken ({@code G.retaken}). Only the goroutine sysmon asked may lose its
 * P, a slice after that ask: a runnext goroutine that inherits a slice (the P's next M runs it, the
 * tick does not move) is asked first, and a retaken P's next holder starts a fresh slice.
 *
 * <h2>sysmon never waits on sched.lock</h2>
 * {@code sched.lock} is a {@link io.jgo.internal.sched.SchedLock} (a {@code ReentrantLock}), not a
 * monitor, so that sysmon can try it: inside a round it never blocks on it (a goroutine that takes
 * it in a tight loop, reading {@code Sched.stats()}, once kept a blocked sysmon out for 30 s, and
 * then nothing preempted that goroutine). Preemption requests and retakes are CASes and need no
 * lock; what does (the handoff of a retaken P, the {@code wakep} after a G readied by a timer sysmon
 * fired, an idle M's unpark for the timer waiter) runs under one {@code tryLock} or is owed to the
 * next round, 20 µs later ({@link io.jgo.internal.sched.Sysmon}, "Never waiting on sched.lock").
 * A retaken P whose handoff is owed stays RUNNING in transit, owned by sysmon. The lock comes after
 * every primitive's lock in the lock order, and only leaf locks are taken under it.
 *
 * <h2>Who owns the shared scheduler state</h2>
 * <ul>
 *   <li>{@link io.jgo.internal.sched.IdlePs}: the idle P list, under {@code sched.lock}; its count
 *       read racily. "Every P idle" (sysmon's deep sleep) is read against GOMAXPROCS with a
 *       sequence check, so a resize in progress never makes it true ({@code Procs.allIdle}).</li>
 *   <li>{@link io.jgo.internal.sched.Spinning}: the spinning-M count and the spinner request; each M
 *       counts itself.</li>
 *   <li>{@link io.jgo.internal.sched.DeadlockWatch}: when to run the deadlock check, and the
 *       suspicion M0 confirms.</li>
 * </ul>
 *
 * <h2>Parking</h2>
 * The park seam lives below this package, in {@code io.jgo.internal.sched.park}, and knows no G: a
 * goroutine is a {@link io.jgo.internal.sched.park.Party} there, which {@link io.jgo.internal.sched.G}
 * extends (ready, runtime stopped, runtime identity, prepare the park; the waiting slot and the
 * cached waiter are Party's fields). Every blocking primitive goes through it (a sleep too: a
 * {@code park.Park} with a deadline and no waker, whose per-G timer g0 arms on its P's heap and
 * {@code Timers.readyFromTimer} readies where Go readies a sleeper) ({@link io.jgo.internal.sched.park.Parking}): it puts a
 * {@link io.jgo.internal.sched.park.Waiter} (Go's sudog) on a {@link io.jgo.internal.sched.park.WaitQueue}
 * under its own lock, records it with {@code Parking.prepare} and yields with {@code YIELD_PARK};
 * what this package adds is the commit: g0 makes the G WAITING ({@link io.jgo.internal.sched.Sched},
 * {@code parkCommit}) and only then runs the primitive's {@link io.jgo.internal.sched.park.ParkUnlock}
 * (Go's {@code park_m} + {@code unlockf}; a select releases several locks), so a readier never sees
 * a G that is still on its carrier; a park that failed on its way is rolled back ({@code cancelPark}).
 * {@link io.jgo.internal.sched.Sched#ready} (through {@code Party.ready}) puts the G in the readier's
 * runnext when the readier is a goroutine of the same runtime holding a P, else on that runtime's
 * global queue, then calls {@code wakep}. The deadlock check and the dump read the seam
 * ({@code Parking.mayBeWokenFromOutside}, {@code PlainThreads}, the wait reason). Outside this
 * package nothing names G but the {@code proc} door: the rest (the poller included) holds a
 * {@code Party} and acts on it through {@link io.jgo.internal.sched.Goroutines} and
 * {@link io.jgo.internal.sched.Interrupts}. The sync types of {@code io.jgo} park through
 * {@code io.jgo.internal.sync.WaitList} (Go's {@code sema.go}), the blocking stand-ins' future waits
 * on {@code io.jgo.internal.park.Park}, and the network through {@code io.jgo.internal.poll.PollDesc}.
 *
 * <h2>GOMAXPROCS at run time</h2>
 * No stop-the-world: a shrink marks the surplus Ps retiring, retires idle ones at once, moves a
 * held one's queue to the global queue and lets its M retire it at its next safe point
 * ({@link io.jgo.internal.sched.Procs}). A goroutine that never polls delays only its own P's retirement.
 *
 * <h2>Thread identity: interrupts and ThreadLocals</h2>
 * {@link io.jgo.internal.sched.Identity}: g0 moves a goroutine's interrupt status and
 * {@code ThreadLocal} maps onto the carrier in {@code M.execute} and back into the G when it
 * unwinds, before the park commits (after that another carrier may run it); between goroutines
 * the carrier holds no map (g0 uses no {@code ThreadLocal}). Interrupt status follows the same rule when the G stays on its
 * thread while blocked (pinned, leaving a syscall, main on M0 in {@code Handoff.awaitHandoff}):
 * taken off the thread before every park (or the park returns at once and the thread spins), given
 * back when the G carries on. An interrupt of a carrier that runs no goroutine is dropped
 * ({@code M.waitForP}); of one that runs (or is locked to) a goroutine, it is that goroutine's.
 * Plain threads blocked in jgo calls keep theirs aside the same way and put it back when they
 * return. The maps are reached through private access to {@code java.lang.Thread}
 * ({@link io.jgo.internal.sched.ThreadLocalMaps}); main keeps its thread's own. Rejected: copying
 * values in and out (the cost grows with the number of ThreadLocals, and the map's identity
 * matters to {@code ThreadLocal.remove}); wrapping {@code ThreadLocal} (libraries create their own).
 *
 * <h2>Deadlock: only when certain</h2>
 * {@link io.jgo.internal.sched.Deadlock}: a report kills a correct program if it is wrong, so
 * anything outside the goroutines that may still act keeps it silent: timers, syscalls, plain
 * threads inside jgo calls, readies from outside during the grace period, and waiters on a
 * primitive a plain thread (or another runtime) has created or used. That last mark lives in the
 * parking seam, so every primitive has it: {@link io.jgo.internal.sched.park.WaitQueue#touch} on entry
 * to every operation. It alone gives a warning with a dump after 10 s, never an exception.
 *
 * <h2>Shutdown</h2>
 * {@code Sched.shutdown} (never blocks; the default runtime calls it from a JVM shutdown hook) sets
 * {@code stopping}: Ms exit at their next safe point, readies from waiters of a stopped runtime
 * are skipped, no M is started, running goroutines get a preemption request (they unwind by
 * returning at the next rewritten prologue and g0 abandons them), goroutines in a syscall get their
 * carrier interrupted. Goroutines whose frames block a carrier get
 * {@link io.jgo.internal.sched.Dropped}, thrown again at any later wait, yield or syscall exit,
 * so catching it does not let them carry on. {@code Go.run} then waits for its threads
 * ({@code Sched.awaitStopped}, a second at most) and only then counts the dropped goroutines, so
 * one that was merely returning is not counted. A dropped goroutine's exception is not a panic.
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>One global queue (Go's old GM scheduler, a plain {@code ForkJoinPool} submission queue):
 *       every spawn and wake contends on one lock and loses locality.</li>
 *   <li>{@code ForkJoinPool} as the carrier pool (what Loom does): its workers cannot hand their
 *       slot to another thread while blocked in a pinned goroutine, so GOMAXPROCS and handoff
 *       could not be modelled; and Go's runnext, 1-in-61 and batch rules would be lost.</li>
 *   <li>Letting M0 run any goroutine: a pinned goroutine on M0 could keep {@code Go.run} from
 *       returning after main ends.</li>
 *   <li>Unparking a pinned G's carrier directly on ready: it would then need a P outside the
 *       queues (more than GOMAXPROCS goroutines running, or a second wait). Going through the
 *       queues keeps fairness and the P count exact.</li>
 *   <li>Stopping the world for a resize: a goroutine that never polls would hang it.</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * Carriers ({@code io.jgo.internal.cont.Carrier}, daemon, stack {@code -Djgo.stacksize}, default 16 MB)
 * named {@code <runtime>-m<N>}, at most {@code -Djgo.maxthreads} Ms (default 10,000; one more is a
 * fatal error naming the limit); M0 (the {@code Go.run} caller); one sysmon thread per runtime
 * ({@code <runtime>-sysmon}, started with the first M, asleep while every P is idle); with
 * {@code -Djgo.schedtrace} one tracer thread per runtime; for the default runtime, a JVM shutdown
 * hook that only flags the stop. No timer thread: see "Timers".
 *
 * <h2>What the tools see</h2>
 * {@link io.jgo.internal.sched.SchedStats} is the one racy reading of a runtime's state behind the
 * SCHED line ({@link io.jgo.internal.sched.SchedTracer}, Go 1.23's format), the JMX bean and the
 * periodic JFR event; {@link io.jgo.internal.sched.Counters} counts pins, handoffs, preemptions and
 * retakes (striped adders, or sysmon as the single writer, never a contended atomic on a path every
 * goroutine takes); {@link io.jgo.internal.sched.PolicyCounts}, which exists only under
 * {@code -Djgo.counts=true} (a null check otherwise), counts the policy decisions that explain a
 * scaling figure: what each {@code wakep} did, fruitless spins, runnext steals, global takes. Decisions worth a JFR event, and a runtime's start and end, go to the runtime's
 * {@link io.jgo.internal.sched.SchedListener} with one line each; the scheduler knows no
 * implementation of it ({@code io.jgo.internal.observe} provides one as a service: JFR events, the
 * JMX bean, the dump-on-signal registry). {@link io.jgo.internal.sched.Dump}
 * writes Go's goroutine dump; a G's wait stamp ({@code G.waitSince}) comes from sysmon's
 * {@link io.jgo.internal.sched.timer.CoarseClock}, so a park reads a volatile instead of the clock.
 *
 * <h2>Network poller</h2>
 * The third source of work, after run queues and timers, as in Go ({@code netpoll.go}): one
 * {@code Selector} per runtime, polled by the scheduler itself. {@code findRunnable} polls without
 * blocking after the global queue when anything waits on the network (one volatile read otherwise)
 * and runs the first readied G; the M that would park in {@code waitForP} blocks in the poll
 * instead, the timer waiter until the earliest timer ({@code M.unpark} breaks the poll: Go's
 * {@code netpollBreak}); sysmon polls when nobody has for 10 ms; {@code handoffP} starts an M for
 * the last running P when something waits on the network and nobody polls. What a poll readies
 * enters as one batch (Go's {@code injectglist}: local queue for the poller's own P, global queue
 * and an M per idle P otherwise). The deadlock check counts a network wait as wakeable.
 * The poller itself lives above the scheduler, in {@code io.jgo.internal.poll} (its descriptors
 * park goroutines through the park seam): the scheduler knows it only as its
 * {@link io.jgo.internal.sched.NetPoller} ({@link io.jgo.internal.sched.NetPoller#NONE} until the
 * first registration installs the real one through {@code PollHost.pollerOf}), and the poller asks of
 * the runtime only what {@link io.jgo.internal.sched.PollHost} offers; the M hands itself to it as
 * a {@code NetPoller.Taker} (the batch of {@code findRunnable}'s poll) and a
 * {@code NetPoller.Blocker} (an idle M blocking in the poll), so M and P stay inside.
 *
 * <h2>Timers</h2>
 * Go's per-P 4-ary heaps ({@link io.jgo.internal.sched.timer.TimerHeap}), one facility for everything
 * that waits for a time ({@link io.jgo.internal.sched.timer.RuntimeTimer} with a
 * {@link io.jgo.internal.sched.timer.TimerFunc}: {@code Go.sleep}, {@code Go.afterFunc}, timer channels
 * the network's deadlines and future waits with a timeout). A timer channel's timer is on a heap only while a receiver waits on
 * it (Go 1.23; {@code io.jgo.TimerCore}). Run by the P's holder in {@code findRunnable}, by an M
 * about to park (every P's due timers), by any P's holder at its next schedule when sysmon marks a
 * running P's timer overdue (its goroutine left the ask to yield unanswered; run only if that P's
 * holder has still neither scheduled nor run its heap, and only if the heap's lock is free), by one idle M parked
 * until the earliest timer (started for the purpose in a runtime that has no M yet), by sysmon when
 * late, and handed to P0 by a retiring P ({@link io.jgo.internal.sched.Timers}). A sleeper goes to
 * the runnext of the P whose holder fired its timer; one fired by a thread without a P (the timer
 * waiter, sysmon) goes to an idle P's runnext, the global queue only when no P is idle. A sleep's timer is armed
 * by the park's unlock step (Go's {@code resetForSleep}), so it never readies a running goroutine.
 *
 * <h2>Test bubbles</h2>
 * A runtime made for jgo-test ({@code Config.bubble}) has one P, no sysmon, and two objects the
 * rest of the scheduler only null-checks: a {@link io.jgo.internal.sched.timer.VirtualClock}, which the
 * timers read instead of {@code System.nanoTime} ({@code Sched.timeNow}) and which the M holding
 * the P advances to the earliest deadline in {@code findRunnable}, instead of parking, when every
 * goroutine is durably blocked ({@link io.jgo.internal.sched.Quiescence}); and a
 * {@link io.jgo.internal.sched.SeededSchedule}, whose coins choose runnext or the queue's tail,
 * select's poll order and the stress mode's forced yields, so that a seed is a schedule. Outside a
 * bubble each costs one field read where it is consulted.
 */
package io.jgo.internal.sched;
