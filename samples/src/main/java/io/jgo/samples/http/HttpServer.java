package io.jgo.samples.http;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Goroutine;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small HTTP/1.1 server in the shape of Go's {@code net/http}: {@link #serve} accepts on a
 * {@link Listener} and runs one goroutine per connection, which reads requests one after the
 * other (keep-alive) and calls the {@link Handler} for each. When the {@link Context} given to
 * {@code serve} ends, the server shuts down gracefully, as Go's {@code Server.Shutdown}: it stops
 * accepting, closes the connections that are idle (waiting for a next request), lets each busy one
 * finish its request (answered with {@code Connection: close}) and returns when every connection
 * has ended.
 *
 * <pre>{@code
 * HttpServer srv = new HttpServer((req, resp) -> resp.write("hello\n"));
 * srv.serve(Net.listen(new InetSocketAddress(8080)), ctx);   // in a goroutine; returns after ctx ends
 * }</pre>
 */
public final class HttpServer {

    private final Handler handler;
    /** Connections alive now; added by the accept loop, removed by each connection's goroutine. */
    private final Set<ServerConn> live = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    /**
     * Set once by {@link #shutDown}. Volatile: written before shutDown reads each connection's
     * state, read by a connection after it writes its own state (see {@link ServerConn#goIdle}).
     */
    private volatile boolean shuttingDown;
    /** Set by the context watcher just before it closes the listener; read by the accept loop when accept fails. */
    private volatile boolean listenerClosed;

    /** Default of {@link #readTimeout(Duration)}. */
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
    /** Set before {@link #serve}; read by each connection's goroutine (volatile: it may be set from another thread). */
    private volatile Duration readTimeout = DEFAULT_READ_TIMEOUT;

    public HttpServer(Handler handler) {
        this.handler = java.util.Objects.requireNonNull(handler, "handler");
    }

    /**
     * How long a connection may take to send its next request, whole (Go's {@code ReadTimeout} and
     * {@code IdleTimeout} in one), counted from when the previous response was sent or the connection
     * was accepted; past it the connection is closed. Default {@link #DEFAULT_READ_TIMEOUT}: an idle
     * client, or one that sends its request a byte at a time, does not hold a connection for ever.
     * Returns this server.
     */
    public HttpServer readTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("read timeout must be positive: " + timeout);
        }
        readTimeout = timeout;
        return this;
    }

    Duration readTimeout() {
        return readTimeout;
    }

    /**
     * Serves connections from {@code listener} until {@code ctx} ends, then shuts down gracefully
     * and returns once every connection has ended. Closes the listener. If accepting fails
     * otherwise (someone else closed the listener), the server shuts down the same way and then
     * throws that exception, as Go's {@code Serve} returns it.
     */
    @Goroutine
    public void serve(Listener listener, Context ctx) throws IOException {
        Chan<Void> stopped = Chan.make(0);
        if (ctx.done() != null) {
            go(() -> Select.select(
                    Select.recvOk(ctx.done(), r -> {
                        listenerClosed = true; // before the close, so the failing accept sees it
                        closeQuietly(listener);
                    }),
                    Select.recvOk(stopped, r -> { })));
        }
        WaitGroup conns = new WaitGroup();
        try {
            for (;;) {
                Conn c;
                try {
                    c = listener.accept();
                } catch (ClosedChannelException closed) {
                    if (listenerClosed) {
                        break; // ctx ended: shut down gracefully
                    }
                    throw closed; // closed by someone else, or a failure: as Go's Serve, say so (after the shutdown below)
                }
                accepted.incrementAndGet();
                ServerConn sc = new ServerConn(this, c);
                live.add(sc);
                conns.add(1);
                go(() -> {
                    try {
                        sc.serve();
                    } finally {
                        live.remove(sc);
                        conns.done();
                    }
                });
            }
        } finally {
            stopped.close();
            closeQuietly(listener);
            shutDown();
            conns.await();
        }
    }

    /** Connections accepted so far (a client that reuses connections makes fewer than its requests). */
    public long connectionsAccepted() {
        return accepted.get();
    }

    /** Requests answered so far. */
    public long requestsServed() {
        return requests.get();
    }

    /** Connections open now. */
    public int connectionsOpen() {
        return live.size();
    }

    Handler handler() {
        return handler;
    }

    /** Whether {@link #serve}'s context has ended (or its listener closed) and the server is winding down. */
    public boolean shuttingDown() {
        return shuttingDown;
    }

    void served() {
        requests.incrementAndGet();
    }

    /** Marks the server as shutting down and closes every idle connection; busy ones close after their response. */
    private void shutDown() {
        shuttingDown = true; // volatile write, then read each state: pairs with ServerConn.goIdle
        for (ServerConn sc : live) {
            sc.closeIfIdle();
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing a listener only fails when it is already gone
        }
    }
}
