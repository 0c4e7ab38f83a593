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
 *
 * <h2>Contexts</h2>
 * {@link io.jgo.net.Conn#read(io.jgo.Context, java.nio.ByteBuffer)} and
 * {@link io.jgo.net.Conn#write(io.jgo.Context, java.nio.ByteBuffer)} end when their context does:
 * an after-cancel action on the context itself ({@code io.jgo.internal.proc.AfterCancel}, Go's
 * {@code context.AfterFunc}) wakes the mode's waiters, and the waiter asks the context under the
 * descriptor's lock before it parks, so a cancel between its check and its park is not lost. No
 * deadline is touched, so the connection stays usable. {@code Net.dial(Context, ...)} uses the same
 * action to put its connect's deadline in the past (Go's {@code netFD.connect}), so no thread or
 * goroutine watches a context.
 *
 * <h2>Blocking-mode channels from rewritten code: handed off, not parked</h2>
 * A goroutine that calls a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel}
 * itself ({@code read}, {@code write}, their scatter/gather forms, {@code accept}, {@code connect})
 * or a {@code java.net.Socket} stream does not park on the poller: the rewrite wraps the call as a
 * blocking syscall, which hands the P off at once (other goroutines keep running) and keeps the
 * carrier thread until the call returns. So N goroutines blocked that way hold N carriers (each a
 * platform thread with the runtime's carrier stack size, counted against {@code jgo.maxthreads}),
 * which is the thread-per-connection cost this package exists to avoid. Parking them instead cannot
 * be done soundly with JDK 17's public API:
 * <ul>
 *   <li>A {@code Selector} watches only a non-blocking channel ({@code register} throws
 *       {@code IllegalBlockingModeException}), and the blocking mode is state of the channel that
 *       every user of it sees. Switching it for the length of one wait changes what other threads'
 *       calls on the same channel do meanwhile: a blocking {@code write} from another thread (a
 *       full-duplex connection's writer) would become a non-blocking one and return having
 *       written part of its buffer, or nothing, which blocking-mode callers never handle.</li>
 *   <li>The switch itself waits: JDK 17's {@code SocketChannelImpl.implConfigureBlocking} takes
 *       both the channel's read lock and write lock, which a blocking call in progress on another
 *       thread holds for as long as it blocks. A reader that switches the mode would wait, on its
 *       carrier, for an unrelated writer that may itself wait for the peer to read: a deadlock the
 *       program does not have without jgo.</li>
 *   <li>Switching back needs the key gone: {@code configureBlocking(true)} throws while a valid key
 *       exists, and a cancelled key stays registered until the selector's next select, so every
 *       wait would cost a key cancel, a forced select and a re-registration.</li>
 * </ul>
 * Loom parks a virtual thread on a blocking channel from inside the JDK ({@code sun.nio.ch.Poller}
 * polls the file descriptor directly, leaving the channel's mode alone). The sound JDK 17
 * equivalent would poll the descriptor in a private epoll through {@code sun.nio.ch} internals
 * ({@code --add-exports}), park until it is ready, then make the call as a handed-off syscall (it
 * may still block if another reader took the bytes); that depends on internal classes and is not
 * done. {@code BlockingChannelHandoffTest} pins down the current behaviour.
 */
package io.jgo.net;
