package io.jgo.samples.http;

import io.jgo.Goroutine;
import io.jgo.net.Conn;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One connection's side of {@link HttpServer}: its goroutine reads a request, calls the handler,
 * finishes the response, and goes back to waiting for the next request until the client closes,
 * asks to close, sends something malformed, or the server shuts down.
 *
 * <p>Shutdown without a lost connection: the connection's goroutine writes {@link #IDLE} and then
 * reads {@code shuttingDown}; the shutting-down server writes {@code shuttingDown} and then tries
 * {@code IDLE -> CLOSED} on every live connection (both volatile). Whichever comes second sees the
 * other: a connection going idle after the flag was set closes itself; one idle before is closed
 * by the server, which wakes its pending read with a {@link ClosedChannelException}. A connection
 * that got request bytes first wins {@code IDLE -> BUSY} and the server leaves it to finish.
 */
final class ServerConn {

    private static final int BUSY = 0;
    private static final int IDLE = 1;
    private static final int CLOSED = 2;

    private final HttpServer server;
    private final Conn conn;
    private final RequestReader reader;
    /** BUSY, IDLE or CLOSED; CAS by this connection's goroutine (IDLE -> BUSY) and the server (IDLE -> CLOSED). */
    private final AtomicInteger state = new AtomicInteger(BUSY);

    ServerConn(HttpServer server, Conn conn) {
        this.server = server;
        this.conn = conn;
        this.reader = new RequestReader(conn);
    }

    /** The connection's goroutine: requests until the connection ends; closes it. Never throws for I/O. */
    @Goroutine
    void serve() {
        try {
            for (;;) {
                // The whole next request (waiting for it, its head, its body) within the read timeout: a
                // client that keeps an idle connection, or sends its request a byte at a time (slowloris),
                // meets a passed deadline (a SocketTimeoutException, caught below) and is closed.
                conn.setReadDeadline(java.time.Instant.now().plus(server.readTimeout()));
                if (!reader.hasBuffered() && !goIdle()) {
                    return;
                }
                Request req;
                try {
                    req = reader.read();
                } catch (RequestReader.BadRequest e) {
                    refuse(e);
                    return;
                }
                conn.setReadDeadline(null); // the handler's own reads (none here) are not bound by it
                if (req == null) {
                    return; // the client closed between requests
                }
                Response resp = new Response(conn, server, req.method().equals("HEAD"));
                if (!req.keepAlive() || server.shuttingDown()) {
                    resp.closeAfter();
                }
                try {
                    server.handler().serve(req, resp);
                } catch (IOException | RuntimeException e) {
                    System.err.println("http: handler for " + req + " from " + conn.remoteAddress() + " failed: " + e);
                    if (resp.committed()) {
                        return; // half a response is out: the only honest end is to close
                    }
                    resp = new Response(conn, server, false);
                    resp.status(500);
                    resp.closeAfter();
                    resp.write("internal server error\n");
                }
                resp.finish();
                server.served();
                if (resp.closes()) {
                    return;
                }
            }
        } catch (ClosedChannelException e) {
            // closed by the server's shutdown while idle, or the client went away
        } catch (IOException e) {
            // the client reset the connection or stopped reading: nothing to answer
        } finally {
            state.set(CLOSED);
            close();
        }
    }

    /**
     * Waits for the next request's first bytes. False when the connection should end: the server
     * is shutting down, or closed it while it waited, or the client closed.
     */
    @Goroutine
    private boolean goIdle() throws IOException {
        state.set(IDLE); // volatile write, then read the flag: pairs with HttpServer.shutDown
        if (server.shuttingDown()) {
            return false;
        }
        if (!reader.fill()) {
            return false;
        }
        return state.compareAndSet(IDLE, BUSY); // false: the server closed it meanwhile
    }

    /** Called by the shutting-down server: closes the connection if it waits for a request. */
    void closeIfIdle() {
        if (state.compareAndSet(IDLE, CLOSED)) {
            close();
        }
    }

    @Goroutine
    private void refuse(RequestReader.BadRequest e) throws IOException {
        Response resp = new Response(conn, server, false);
        resp.status(e.status);
        resp.closeAfter();
        resp.write(e.getMessage() + "\n");
        resp.finish();
    }

    private void close() {
        try {
            conn.close();
        } catch (IOException ignored) {
            // already closed by the peer or the server
        }
    }
}
