package io.jgo.internal.sockets;

import io.jgo.internal.blocking.ParkingReentrantLock;
import java.nio.channels.SocketChannel;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One write lock per socket, shared by every {@link SocketOutput} of it (rewritten code makes a new
 * one per {@code getOutputStream()} call, and goroutines sharing a socket each may call it), as the
 * JDK's socket streams share their channel's write lock: each write is whole per call, whichever
 * stream it goes through. Keyed by the socket's channel (the JDK's own class, identity equality),
 * weakly, so a dropped socket's entry goes with it.
 *
 * <p>Concurrency: the map is synchronized and held only for the look-up (never across a park).
 */
final class SocketWriteLocks {

    private static final Map<SocketChannel, ParkingReentrantLock> LOCKS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private SocketWriteLocks() {
    }

    /** The write lock of {@code ch}'s socket, made on first use. */
    static ParkingReentrantLock of(SocketChannel ch) {
        return LOCKS.computeIfAbsent(ch, unused -> new ParkingReentrantLock());
    }
}
