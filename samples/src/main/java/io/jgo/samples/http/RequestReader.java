package io.jgo.samples.http;

import io.jgo.Goroutine;
import io.jgo.net.Conn;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads requests off one connection: the head up to the blank line (at most {@link #MAX_HEAD}
 * bytes), then a {@code Content-Length} body. Bytes past a request (a pipelined next one) stay in
 * the buffer for the next call. Used by the connection's goroutine only.
 */
final class RequestReader {

    /** Longest request line plus headers accepted (Go's default is 1 MiB; this sample keeps it small). */
    static final int MAX_HEAD = 8 * 1024;
    /** Largest body accepted. */
    static final int MAX_BODY = 1024 * 1024;

    /** A request the server refuses: the status to answer with, then the connection closes. */
    static final class BadRequest extends IOException {
        private static final long serialVersionUID = 1L;

        final int status;

        BadRequest(int status, String why) {
            super(why);
            this.status = status;
        }
    }

    private final Conn conn;
    /** Bytes a connection starts with: enough for the usual head, small while the connection idles. */
    static final int FIRST_BUFFER = 1024;

    /**
     * Read mode between calls: position..limit are bytes received and not yet parsed. Starts at
     * {@link #FIRST_BUFFER} and doubles, up to {@link #MAX_HEAD}, for a head that does not fit.
     */
    private ByteBuffer buf = ByteBuffer.allocate(FIRST_BUFFER).flip();

    RequestReader(Conn conn) {
        this.conn = conn;
    }

    /** Whether bytes of a next request are already here (then the connection is not idle). */
    boolean hasBuffered() {
        return buf.hasRemaining();
    }

    /** Waits for more bytes; false at the end of the stream. */
    @Goroutine
    boolean fill() throws IOException {
        buf.compact();
        try {
            return conn.read(buf) >= 0;
        } finally {
            buf.flip();
        }
    }

    /** The next request, or null if the peer closed the connection cleanly between requests. */
    @Goroutine
    Request read() throws IOException {
        int end;
        while ((end = headEnd()) < 0) {
            if (buf.remaining() == buf.capacity()) {
                if (buf.capacity() >= MAX_HEAD) {
                    throw new BadRequest(431, "request head longer than " + MAX_HEAD + " bytes");
                }
                ByteBuffer bigger = ByteBuffer.allocate(Math.min(2 * buf.capacity(), MAX_HEAD));
                buf = bigger.put(buf).flip();
            }
            boolean started = buf.hasRemaining();
            if (!fill()) {
                if (started) {
                    throw new BadRequest(400, "connection closed in the middle of a request head");
                }
                return null;
            }
        }
        String head = new String(buf.array(), buf.position(), end - buf.position(), StandardCharsets.ISO_8859_1);
        buf.position(end + 4);
        String[] lines = head.split("\r\n");
        String[] start = lines[0].split(" ");
        if (start.length != 3 || !start[2].startsWith("HTTP/1.")) {
            throw new BadRequest(400, "malformed request line: " + lines[0]);
        }
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                throw new BadRequest(400, "malformed header line: " + lines[i]);
            }
            headers.put(lines[i].substring(0, colon).trim(), lines[i].substring(colon + 1).trim());
        }
        if (headers.containsKey("Transfer-Encoding")) {
            throw new BadRequest(501, "request bodies must have a Content-Length (this sample does not decode chunked requests)");
        }
        return new Request(start[0], start[1], start[2], headers, body(headers.get("Content-Length")));
    }

    @Goroutine
    private byte[] body(String contentLength) throws IOException {
        if (contentLength == null) {
            return new byte[0];
        }
        long n;
        try {
            n = Long.parseLong(contentLength);
        } catch (NumberFormatException e) {
            throw new BadRequest(400, "bad Content-Length: " + contentLength);
        }
        if (n < 0 || n > MAX_BODY) {
            throw new BadRequest(413, "Content-Length " + n + " outside 0.." + MAX_BODY);
        }
        byte[] body = new byte[(int) n];
        int have = 0;
        while (have < body.length) {
            if (!buf.hasRemaining() && !fill()) {
                throw new BadRequest(400, "connection closed after " + have + " of " + n + " body bytes");
            }
            int k = Math.min(buf.remaining(), body.length - have);
            buf.get(body, have, k);
            have += k;
        }
        return body;
    }

    /** Index of the {@code \r\n\r\n} that ends the head in the buffered bytes, or -1. */
    private int headEnd() {
        byte[] a = buf.array();
        for (int i = buf.position(), last = buf.limit() - 4; i <= last; i++) {
            if (a[i] == '\r' && a[i + 1] == '\n' && a[i + 2] == '\r' && a[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
