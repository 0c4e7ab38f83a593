/**
 * TCP for goroutines: {@link io.jgo.net.Net#listen}, {@link io.jgo.net.Net#dial},
 * {@link io.jgo.net.Listener}, {@link io.jgo.net.Conn}. A goroutine that waits on a socket parks on
 * its runtime's network poller and costs no thread; a plain thread blocks.
 *
 * <h2>What Go does</h2>
 * Every socket is non-blocking and registered once with epoll (edge-triggered). A read that gets
 * {@code EAGAIN} parks the goroutine on the socket's {@code pollDesc} ({@code gopark}, wait reason
 * {@code IO wait}); the scheduler polls epoll itself, with no poller thread: {@code findRunnable}
 * polls without blocking before it steals, the last M that would sleep blocks in {@code epoll_wait}
 * until the earliest timer ({@code netpollBreak} interrupts it), and sysmon polls when nobody has
 * for 10 ms. Readied goroutines enter the run queues as one batch ({@code injectglist}).
 * Deadlines are runtime timers that wake the waiter, which then sees the timeout; close wakes
 * every waiter ({@code pollUnblock}).
 *
 * <h2>What jgo does</h2>
 * The same, over a {@link java.nio.channels.Selector} (epoll on Linux), in the scheduler
 * ({@code io.jgo.internal.sched.NetPoll}, {@code io.jgo.internal.sched.PollDesc}, where the
 * park/wake calls live). Three differences forced by NIO, each with its race written out in
 * {@code NetPoll}:
 * <ul>
 *   <li>A selector is level-triggered and admits one select at a time (its monitor is held while
 *       it blocks). Interest is one-shot: a waiter adds its mode, the poller drops it when it
 *       fires. A gate lets one poller in; the others skip rather than wait, so no goroutine or M
 *       ever waits on the selector's monitor.</li>
 *   <li>Interest changes are applied by the next select, not at once as {@code epoll_ctl} is, so
 *       a waiter that finds a poller blocked wakes it.</li>
 *   <li>A closed channel's descriptor is released by the next select; a close makes one happen.</li>
 * </ul>
 * The leaves ({@code read}, {@code write}, {@code accept}, {@code dial}) are hand-written like the
 * runtime's other primitives: try the non-blocking call; if it did nothing, park; on wake-up, retry,
 * reading the outcome (closed, deadline passed) from the descriptor's state, as Go's {@code fd.Read}
 * loop does. Deadlines run on the runtime's per-P timers. A connection belongs to the poller of
 * the runtime that made it, and goroutines of any runtime and plain threads may use it; a plain
 * thread waits in place, taking the blocking poll itself when nobody else holds it.
 *
 * <h2>Streams</h2>
 * {@link io.jgo.net.Conn#inputStream()} and {@link io.jgo.net.Conn#outputStream()} are called by
 * JDK code (a {@code BufferedReader}, a codec) whose frames the rewrite cannot unwind, so a
 * goroutine waiting there cannot park: it hands its P on at once, as a blocking syscall does, and
 * waits on its carrier. Prefer {@code read}/{@code write} with a {@code ByteBuffer} where
 * goroutine count matters.
 */
package io.jgo.net;
