package io.jgo.internal.poll;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.channels.SocketChannel;

/**
 * What a goroutine's write to a blocking-mode {@code SocketChannel} needs so that it never holds its
 * carrier while the send buffer is full: the socket's descriptor in non-blocking mode, and a poll of
 * the descriptor that does not wait. JDK internals reached by deep reflection, as
 * {@link BlockingChannels} (the same opens: {@code java.base/sun.nio.ch}); each a fact of the JDK's source:
 * <ol>
 *   <li><b>Non-blocking descriptor, blocking channel.</b> Since JDK 11 every blocking-mode call of
 *       {@code SocketChannelImpl} (and of its socket adaptor's streams) retries a call that found the
 *       descriptor not ready ({@code IOStatus.okayToRetry}) by polling it ({@code park(POLLIN|POLLOUT)})
 *       within the call, so a descriptor in non-blocking mode changes nothing the channel's users see
 *       (JDK 21+ does exactly this for virtual threads, {@code forcedNonBlocking}, which is set too where
 *       it exists so that a timed read does not put the descriptor back). A blocking-mode write
 *       then writes what fits and returns at once, instead of waiting for all of its buffer to fit.</li>
 *   <li><b>Poll without waiting</b> ({@code Net.poll(fd, POLLOUT, 0)}): whether the socket takes bytes
 *       now, so a write that would find the buffer full parks on the poller instead of making the
 *       JDK's call, which would wait in it (holding the carrier).</li>
 * </ol>
 * On JDK 17 a timed read by the JDK's own adaptor stream (a plain thread's read with a
 * {@code soTimeout}) puts the descriptor back in blocking mode when it ends; writes are then what
 * they were before this class (correct, the carrier held while the buffer is full) until the next
 * goroutine's write forces it again. If a handle cannot be had, {@link #available()} is false and
 * the caller writes as before.
 *
 * <p>Threads: stateless; any thread. The mode change is made under the channel's blocking lock, as
 * the JDK's own {@code configureBlocking} is (a user's {@code configureBlocking} cannot interleave).
 */
public final class SocketWriteProbe {

    private static final MethodHandle FD; // (SocketChannelImpl) FileDescriptor, as (Object) Object
    private static final MethodHandle CONFIGURE_BLOCKING; // IOUtil.configureBlocking(FileDescriptor, boolean)
    private static final MethodHandle POLL; // Net.poll(FileDescriptor, int, long) int
    private static final Field FORCED; // SocketChannelImpl.forcedNonBlocking (JDK 21+), or null
    private static final int POLLOUT;
    private static final Class<?> SOCKET_IMPL;

    static {
        MethodHandle fd = null;
        MethodHandle configure = null;
        MethodHandle poll = null;
        Field forced = null;
        int pollout = 0;
        Class<?> impl = null;
        try {
            impl = Class.forName("sun.nio.ch.SocketChannelImpl");
            Field f = impl.getDeclaredField("fd");
            f.setAccessible(true);
            fd = MethodHandles.lookup().unreflectGetter(f).asType(MethodType.methodType(Object.class, Object.class));
            Class<?> ioUtil = Class.forName("sun.nio.ch.IOUtil");
            MethodHandles.Lookup ioLookup = MethodHandles.privateLookupIn(ioUtil, MethodHandles.lookup());
            configure = ioLookup.findStatic(ioUtil, "configureBlocking",
                    MethodType.methodType(void.class, FileDescriptor.class, boolean.class));
            Class<?> net = Class.forName("sun.nio.ch.Net");
            MethodHandles.Lookup netLookup = MethodHandles.privateLookupIn(net, MethodHandles.lookup());
            poll = netLookup.findStatic(net, "poll", MethodType.methodType(int.class, FileDescriptor.class, int.class, long.class));
            Field out = net.getDeclaredField("POLLOUT");
            out.setAccessible(true);
            pollout = out.getShort(null);
            try {
                forced = impl.getDeclaredField("forcedNonBlocking");
                forced.setAccessible(true);
            } catch (NoSuchFieldException e) {
                forced = null; // JDK 17: nothing puts the descriptor back but a timed read (class comment)
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            fd = null;
        }
        FD = fd;
        CONFIGURE_BLOCKING = configure;
        POLL = poll;
        FORCED = forced;
        POLLOUT = pollout;
        SOCKET_IMPL = impl;
    }

    private SocketWriteProbe() {
    }

    /** Were all handles found (and may blocking channels park at all)? */
    public static boolean available() {
        return FD != null && BlockingChannels.available();
    }

    /** Is {@code ch} the JDK's socket channel (not a user's subclass), which this class can act on? */
    public static boolean applies(SocketChannel ch) {
        return available() && SOCKET_IMPL.isInstance(ch);
    }

    /**
     * Puts {@code ch}'s descriptor in non-blocking mode, the channel staying in blocking mode (class
     * comment). Returns false, changing nothing, when the channel is closed or not in blocking mode.
     */
    public static boolean forceNonBlocking(SocketChannel ch) throws IOException {
        synchronized (ch.blockingLock()) {
            if (!ch.isOpen() || !ch.isBlocking()) {
                return false;
            }
            try {
                CONFIGURE_BLOCKING.invoke((FileDescriptor) FD.invoke(ch), false);
                if (FORCED != null) {
                    FORCED.setBoolean(ch, true);
                }
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
            return true;
        }
    }

    /**
     * Does the socket take bytes now (or has it an error or hang-up for the write to report)? A poll
     * of the descriptor that does not wait; a closed descriptor answers true (the write throws).
     */
    public static boolean writableNow(SocketChannel ch) {
        try {
            return (int) POLL.invoke((FileDescriptor) FD.invoke(ch), POLLOUT, 0L) != 0;
        } catch (IOException e) {
            return true; // the write reports it
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
