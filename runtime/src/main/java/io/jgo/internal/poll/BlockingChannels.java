package io.jgo.internal.poll;

import io.jgo.internal.cont.Warnings;
import java.io.FileDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.spi.AbstractSelectableChannel;
import java.nio.channels.spi.AbstractSelector;
import java.util.ArrayDeque;

/**
 * What it takes to park a goroutine on a <em>blocking-mode</em> {@code SocketChannel} or
 * {@code ServerSocketChannel} without changing its mode: JDK 17 internals, reached by deep
 * reflection (the agent opens {@code java.base/java.nio.channels.spi} and {@code sun.nio.ch} to
 * the runtime; without it, {@code --add-opens}). Three pieces, each a fact of JDK 17's source:
 * <ol>
 *   <li><b>Register the user's own channel</b> with the runtime's selector, skipping only the
 *       blocking-mode check of {@code SelectableChannel.register}: {@code AbstractSelector.register}
 *       (which does not look at the mode) plus {@code AbstractSelectableChannel.addKey} under the
 *       channel's {@code keyLock}, as {@code register} does. The key must be in the channel's own
 *       key set: then the channel's close defers closing its descriptor until the selector has
 *       dropped the key ({@code tryClose} checks {@code isRegistered()}; the selector calls
 *       {@code kill()}), so the descriptor's number cannot be reused while the selector still maps
 *       it to this key. A second channel object over the same descriptor (a "shadow") is unsound for
 *       exactly that reason: the user's close would close the descriptor at once, a new socket could
 *       get its number, and {@code EPollSelectorImpl} (keyed by number; updates applied before
 *       cancellations; {@code epoll_ctl} errors ignored) would give the new socket's readiness to the
 *       stale key and later delete the new socket's registration.</li>
 *   <li><b>A close hook.</b> A blocking-mode close with no thread in I/O neither pre-closes nor
 *       shuts down the socket, so nothing fires in epoll: the parked goroutine would not wake, and
 *       the socket would stay open (a listener's port bound, no end-of-stream for the peer) until
 *       a select drops the key. The close cancels the key, and {@code SelectorImpl.cancel} adds it to
 *       the selector's private {@code cancelledKeys} deque: that deque is replaced, in the runtime's
 *       own selector only, by {@link CancelHook}, which sees the cancel on the closing thread.</li>
 *   <li><b>Pre-close.</b> The hook then does what the JDK does for a thread blocked in I/O on a
 *       closing channel: {@code nd.preClose(fd)} (dup2 of a closed socket over the descriptor), which
 *       releases the socket before {@code close()} returns, while the number stays taken until the
 *       selector drops the key and the channel's {@code kill()} closes it.</li>
 * </ol>
 * If any handle cannot be had, {@link #available()} is false and the calls are handed off as
 * blocking syscalls; one note says so ({@link #unavailableNote}).
 */
public final class BlockingChannels {

    private static final MethodHandle REGISTER; // (AbstractSelector, AbstractSelectableChannel, int, Object) SelectionKey
    private static final MethodHandle ADD_KEY; // (AbstractSelectableChannel, SelectionKey) void
    private static final MethodHandle KEY_LOCK; // (AbstractSelectableChannel) Object
    private static final Field CANCELLED_KEYS; // SelectorImpl.cancelledKeys
    private static final Class<?> SEL_CH_IMPL;
    private static final Method PRE_CLOSE; // NativeDispatcher.preClose(FileDescriptor) (JDK 17), or implPreClose(FileDescriptor, long, long)
    /** Whether {@link #PRE_CLOSE} takes the reader's and writer's native thread ids (JDK 21+; we pass 0: no thread to signal). */
    private static final boolean PRE_CLOSE_SIGNALS;
    private static final Object SOCKET_ND;
    private static final Object SERVER_ND;
    private static final MethodHandle SOCKET_FD; // (SocketChannelImpl) FileDescriptor, as (Object) Object
    private static final MethodHandle SERVER_FD;
    private static final Class<?> SOCKET_IMPL;
    private static final Class<?> SERVER_IMPL;
    /** Why the handles could not be had; null when they could. */
    private static final String WHY_NOT;

    static {
        MethodHandle register = null;
        MethodHandle addKey = null;
        MethodHandle keyLock = null;
        Field cancelled = null;
        Class<?> selChImpl = null;
        Method preClose = null;
        Object socketNd = null;
        Object serverNd = null;
        MethodHandle socketFd = null;
        MethodHandle serverFd = null;
        Class<?> socketImpl = null;
        Class<?> serverImpl = null;
        String why = null;
        try {
            MethodHandles.Lookup here = MethodHandles.lookup();
            MethodHandles.Lookup spiSelector = MethodHandles.privateLookupIn(AbstractSelector.class, here);
            register = spiSelector.findVirtual(AbstractSelector.class, "register",
                    MethodType.methodType(SelectionKey.class, AbstractSelectableChannel.class, int.class, Object.class));
            MethodHandles.Lookup spiChannel = MethodHandles.privateLookupIn(AbstractSelectableChannel.class, here);
            addKey = spiChannel.findVirtual(AbstractSelectableChannel.class, "addKey",
                    MethodType.methodType(void.class, SelectionKey.class));
            keyLock = spiChannel.findGetter(AbstractSelectableChannel.class, "keyLock", Object.class);
            cancelled = Class.forName("sun.nio.ch.SelectorImpl").getDeclaredField("cancelledKeys");
            cancelled.setAccessible(true);
            selChImpl = Class.forName("sun.nio.ch.SelChImpl");
            preClose = preCloseMethod(Class.forName("sun.nio.ch.NativeDispatcher"));
            preClose.setAccessible(true);
            socketImpl = Class.forName("sun.nio.ch.SocketChannelImpl");
            serverImpl = Class.forName("sun.nio.ch.ServerSocketChannelImpl");
            socketNd = staticField(socketImpl, "nd");
            serverNd = staticField(serverImpl, "nd");
            socketFd = fdGetter(socketImpl);
            serverFd = fdGetter(serverImpl);
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = e.toString();
        }
        REGISTER = register;
        ADD_KEY = addKey;
        KEY_LOCK = keyLock;
        CANCELLED_KEYS = cancelled;
        SEL_CH_IMPL = selChImpl;
        PRE_CLOSE = preClose;
        PRE_CLOSE_SIGNALS = preClose != null && preClose.getParameterCount() == 3;
        SOCKET_ND = socketNd;
        SERVER_ND = serverNd;
        SOCKET_FD = socketFd;
        SERVER_FD = serverFd;
        SOCKET_IMPL = socketImpl;
        SERVER_IMPL = serverImpl;
        WHY_NOT = why;
    }

    private BlockingChannels() {
    }

    private static Object staticField(Class<?> c, String name) throws ReflectiveOperationException {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }

    private static MethodHandle fdGetter(Class<?> c) throws ReflectiveOperationException {
        Field f = c.getDeclaredField("fd");
        f.setAccessible(true);
        return MethodHandles.lookup().unreflectGetter(f).asType(MethodType.methodType(Object.class, Object.class));
    }

    /** Can blocking-mode channels park here (every handle found)? */
    public static boolean available() {
        return WHY_NOT == null;
    }

    /** Says once, on the first blocking-mode channel call that must be handed off for that reason, why. */
    static void unavailableNote() {
        Warnings.once("blockingChannels", () -> "blocking-mode SocketChannel/ServerSocketChannel calls in goroutines "
                + "hold their carrier (handed-off syscalls): java.base's java.nio.channels.spi and sun.nio.ch are not "
                + "open to jgo (" + WHY_NOT + "). Run with the jgo agent, or add --add-opens "
                + "java.base/java.nio.channels.spi=" + openTo() + " --add-opens java.base/sun.nio.ch="
                + openTo() + " to park them on the poller instead.");
    }

    /** Whom {@code --add-opens} must name: the runtime's module on the module path, else the class path. */
    private static String openTo() {
        Module runtime = BlockingChannels.class.getModule();
        return runtime.isNamed() ? runtime.getName() : "ALL-UNNAMED";
    }

    /** Is {@code ch} a JDK socket channel this class can register (not a user's subclass)? */
    static boolean registrable(SelectableChannel ch) {
        return available() && (SOCKET_IMPL.isInstance(ch) || SERVER_IMPL.isInstance(ch)) && SEL_CH_IMPL.isInstance(ch);
    }

    /** The channel's {@code keyLock}, which guards its key set (taken to look up and add a key atomically). */
    static Object keyLock(SelectableChannel ch) {
        try {
            return (Object) KEY_LOCK.invoke((AbstractSelectableChannel) ch);
        } catch (Throwable e) {
            throw new AssertionError(e); // a field load
        }
    }

    /**
     * Registers blocking-mode {@code ch} with {@code sel} (interest none, {@code att} attached) and adds
     * the key to the channel's key set, as {@code SelectableChannel.register} does but for the mode
     * check. Caller holds {@link #keyLock} and has checked that the channel is open and has no key
     * for {@code sel}.
     */
    static SelectionKey register(Selector sel, SelectableChannel ch, Object att) {
        try {
            SelectionKey k = (SelectionKey) REGISTER.invoke((AbstractSelector) sel, (AbstractSelectableChannel) ch, 0, att);
            ADD_KEY.invoke((AbstractSelectableChannel) ch, k);
            return k;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Puts {@link CancelHook} in place of {@code sel}'s cancelled-key deque (a fresh selector: it is
     * empty). Returns false if it cannot (blocking-mode channels are then not parked on this selector).
     */
    static boolean installHook(Selector sel, NetPoll poll) {
        if (!available()) {
            return false;
        }
        try {
            CANCELLED_KEYS.set(sel, new CancelHook(poll));
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The JDK's pre-close of a closing channel's descriptor (as {@code implCloseBlockingMode} does for a
     * thread blocked in I/O): the socket is released now; the number stays taken until {@code kill()}.
     * Called only while the key is in the channel's key set and the selector has not dropped it (the
     * hook runs inside {@code SelectorImpl.cancel}, whose lock the selector's deregistration takes), so
     * the descriptor cannot have been closed yet.
     */
    private static void invokePreClose(Object nd, FileDescriptor fd) throws ReflectiveOperationException {
        if (PRE_CLOSE_SIGNALS) {
            // no thread of ours is blocked in the call (the goroutine parked on the poller): nothing to signal
            PRE_CLOSE.invoke(nd, fd, 0L, 0L);
        } else {
            PRE_CLOSE.invoke(nd, fd);
        }
    }

    /**
     * The dup2 of the pre-close: {@code NativeDispatcher.preClose(FileDescriptor)} on JDK 17. Since
     * JDK 21 {@code preClose(fd, reader, writer)} acts only for the threads it is given (none here: the
     * goroutine is parked on the poller, not blocked in the call), so the step it delegates to is
     * called, {@code implPreClose(fd, reader, writer)} (Unix: dup2, then signal the threads, none for 0).
     */
    private static Method preCloseMethod(Class<?> dispatcher) throws NoSuchMethodException {
        try {
            return dispatcher.getDeclaredMethod("preClose", FileDescriptor.class);
        } catch (NoSuchMethodException jdk21) {
            return dispatcher.getDeclaredMethod("implPreClose", FileDescriptor.class, long.class, long.class);
        }
    }

    private static void preClose(SelectableChannel ch) {
        try {
            if (SOCKET_IMPL.isInstance(ch)) {
                invokePreClose(SOCKET_ND, (FileDescriptor) (Object) SOCKET_FD.invokeExact((Object) ch));
            } else if (SERVER_IMPL.isInstance(ch)) {
                invokePreClose(SERVER_ND, (FileDescriptor) (Object) SERVER_FD.invokeExact((Object) ch));
            }
        } catch (Throwable e) {
            // as the JDK's close: the final close at kill() still happens
        }
    }

    /**
     * The runtime selector's cancelled-key deque ({@code SelectorImpl.cancel} calls {@code addLast} under
     * the deque's monitor; the selector's deregistration polls it under the same monitor). When the key
     * of a blocking-mode channel (a {@link PollDesc} marked so) is cancelled because its channel closed:
     * pre-close, wake every waiter (they see it closed), and have a select drop the key soon. Must not
     * throw or block: it runs on the thread that closes the channel, inside the JDK's close.
     */
    private static final class CancelHook extends ArrayDeque<Object> {
        private static final long serialVersionUID = 1L;
        private final transient NetPoll poll;

        CancelHook(NetPoll poll) {
            this.poll = poll;
        }

        @Override
        public void addLast(Object k) {
            super.addLast(k);
            SelectionKey key = (SelectionKey) k;
            if (key.attachment() instanceof PollDesc) {
                PollDesc pd = (PollDesc) key.attachment();
                if (pd.isBlockingChannel()) {
                    if (!key.channel().isOpen()) {
                        preClose(key.channel());
                    }
                    pd.close();
                    poll.cancelledByJdk();
                }
            }
        }
    }
}
