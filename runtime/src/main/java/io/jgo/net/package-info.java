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
 * The same, over a {@link java.nio.channels.Selector} (epoll on Linux), in the poller
 * ({@code io.jgo.internal.poll.NetPoll}, {@code io.jgo.internal.poll.PollDesc}, where the
 * park/wake calls live). Three differences forced by NIO, each with its race written out in
 * {@code NetPoll}:
 * <ul>
 *   <li>A selector is level-triggered and admits one select at a time (its monitor is held while
 *       it blocks). A waiter adds its mode's interest if it is not set; the poller drops a write
 *       interest when it fires, a read interest only when it fires with nobody waiting, so a
 *       goroutine reading in a loop changes no interest per read and a ready channel nobody waits
 *       on never makes the poll spin (an idle M whose blocking poll readied goroutines does not
 *       poll again before they ran, as in Go). A gate lets one poller in; the others
 *       skip rather than wait, so no goroutine or M ever waits on the selector's monitor.</li>
 *   <li>Interest changes are applied by the next select, not at once as {@code epoll_ctl} is, so
 *       a waiter that finds a poller blocked wakes it.</li>
 *   <li>A closed channel's descriptor is released by the next select; a close makes one happen.</li>
 * </ul>
 * The leaves ({@code read}, {@code write}, {@code accept}, {@code dial}) are {@code cont.Leaf}s like the
 * runtime's other primitives, parking through {@code cont.LeafPark} ({@code NetLeaf} holds their
 * loop): try the non-blocking call; if it did nothing, park; on wake-up, retry,
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
 * <h2>Blocking-mode channels from rewritten code</h2>
 * A goroutine that calls a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel}
 * itself parks on the poller too: the rewrite turns {@code read}, {@code write} (their scatter/gather
 * forms too) and {@code accept} into {@code io.jgo.internal.blocking.ChannelCalls}, which waits
 * until the socket is ready ({@code IO wait}) and then makes the call as a handed-off syscall. The
 * call then returns at once; if another thread took the bytes or the connection first, it blocks
 * its carrier as it always did. Results, exceptions and the channel's mode are the JDK's own. Still
 * handed off (the carrier held until the call returns): {@code connect} (its completion can only be
 * polled for after a non-blocking connect, which needs the mode switched), calls whose static type
 * is an interface ({@code ReadableByteChannel} and the like), {@code java.net.Socket} streams, and
 * every one of them where the JDK internals below are not open to jgo (the build-time path without
 * {@code --add-opens java.base/java.nio.channels.spi=... --add-opens java.base/sun.nio.ch=...};
 * one warning says so). Why it is built this way, from JDK 17's source
 * ({@code io.jgo.internal.poll.BlockingChannels} has the details):
 * <ul>
 *   <li>The mode is never switched: switching is visible to every thread (another thread's blocking
 *       write would turn non-blocking and return early), {@code implConfigureBlocking} takes both of
 *       the channel's I/O locks (it would wait for an unrelated blocked writer: a deadlock the
 *       program does not have without jgo), and {@code configureBlocking(true)} fails while a key
 *       exists.</li>
 *   <li>No "shadow" channel over the same descriptor: the user's channel would not know the
 *       shadow's key, so its close would close the descriptor at once; the number could then be
 *       reused by a new socket while the selector (keyed by number, applying new registrations
 *       before cancellations, ignoring {@code epoll_ctl} errors) still maps it to the stale key: the
 *       new socket's readiness would go to the wrong waiter and the stale key's removal would delete
 *       the new socket's registration. Instead the user's own channel is registered (the
 *       blocking-mode check skipped, the key added to the channel's key set), so the JDK defers
 *       the descriptor's close until the selector has dropped the key, as for any registered
 *       channel. The key stays until the channel closes (a new key while a cancelled one is not
 *       flushed would break the selector's bookkeeping the same way).</li>
 *   <li>A blocking-mode close with no thread in I/O fires nothing in epoll, so a hook on the
 *       runtime selector's cancelled-key queue sees the close's cancel: it pre-closes the socket
 *       (as the JDK does for a thread blocked in I/O, so the port or connection is released before
 *       {@code close()} returns) and wakes the waiters, which throw the JDK's
 *       {@code AsynchronousCloseException}. An interrupt wakes a waiter; its call then sees the
 *       interrupt (the JDK closes the channel: {@code ClosedByInterruptException}).</li>
 * </ul>
 * What differs from the JDK, besides the carrier being free: after a goroutine has waited on a
 * channel, {@code isRegistered()} is true until it closes, and switching it to non-blocking and back
 * ({@code configureBlocking(true)}) throws {@code IllegalBlockingModeException} as for any
 * registered channel; a write parks only until the socket takes bytes, then blocks its carrier
 * until a blocking write has sent all of its buffer; a mode switched to non-blocking while a
 * goroutine waits takes effect before its call instead of after it. {@code BlockingChannelParkTest},
 * {@code BlockingChannelHandoffTest} and {@code io.jgo.aot.BuildTimeRewriteTest} pin this down.
 */
package io.jgo.net;
