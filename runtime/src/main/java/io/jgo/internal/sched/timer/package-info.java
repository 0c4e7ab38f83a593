/**
 * Timers and clocks, below the scheduler: Go's {@code runtime.timer} and per-P heaps
 * ({@code time.go}), with no G, M or P in sight.
 *
 * <h2>What is here</h2>
 * <ul>
 *   <li>{@link io.jgo.internal.sched.timer.RuntimeTimer} with its
 *       {@link io.jgo.internal.sched.timer.TimerFunc}: the one timer facility ({@code Go.sleep},
 *       {@code Go.afterFunc}, timer channels, network deadlines, future waits with a timeout).</li>
 *   <li>{@link io.jgo.internal.sched.timer.TimerHeap}: one P's 4-ary heap, under its own lock.</li>
 *   <li>{@link io.jgo.internal.sched.timer.TimerHost}: all a timer knows of its runtime (the clock,
 *       which heap an unarmed timer goes to, who must wake for a new earliest deadline, the count of
 *       armed timers). The scheduler implements it ({@code sched.Timers}), and keeps the decisions
 *       that need G, M and P: which M runs whose heap, the idle M parked until the earliest timer
 *       (the timer waiter), sysmon's backstop, a retiring P's heap handed to P0.</li>
 *   <li>{@link io.jgo.internal.sched.timer.CoarseClock} (sysmon's cheap clock for wait stamps) and
 *       {@link io.jgo.internal.sched.timer.VirtualClock} (a test bubble's clock; when it may jump is
 *       the scheduler's question, {@code sched.Quiescence}).</li>
 * </ul>
 *
 * <h2>Layering</h2>
 * This package depends on nothing of jgo; {@code io.jgo.internal.sched} and the layers above it
 * (the API's timers through {@code proc.HeapTimer}, future waits in {@code blocking}) use it.
 * {@code PackageLayersTest} holds that.
 *
 * <h2>Threads and locks</h2>
 * Any thread arms, stops and runs timers. A timer on a heap is guarded by that heap's lock;
 * an unarmed one by its own monitor, taken before a heap's lock, never after. A thread running
 * another P's heap beside its owner only tries that lock ({@code TimerHeap.tryRunBatch}). A fired timer's function
 * runs with no heap lock held (so it may arm timers), on an M's g0 or on sysmon: it must not block
 * and must not run user code ({@link io.jgo.internal.sched.timer.TimerFunc}).
 */
package io.jgo.internal.sched.timer;
