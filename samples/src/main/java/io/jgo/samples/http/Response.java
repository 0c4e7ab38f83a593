package io.jgo.samples.http;

import io.jgo.Goroutine;
import io.jgo.net.Conn;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes one response (Go's {@code http.ResponseWriter}), choosing the framing as Go does: the
 * body is buffered up to {@link #BUFFER} bytes; a handler that returns with its whole body still
 * in the buffer gets a {@code Content-Length} response, one that writes more or calls
 * {@link #flush} gets a chunked one (unless it set {@code Content-Length} itself, which it must
 * then write exactly). Used by the connection's goroutine only.
 */
public final class Response {

    /** Body bytes held back before the headers go out. */
    static final int BUFFER = 4096;

    /**
     * HTTP's IMF-fixdate (RFC 9110, 5.6.7): {@code Tue, 05 Mar 2024 07:08:09 GMT}, two-digit day
     * included ({@code RFC_1123_DATE_TIME} writes {@code 5 Mar}); English names whatever the locale.
     */
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", java.util.Locale.US);
    /** The Date header's value and the second it is for; racy but benign (any thread may refresh it). */
    private static volatile String dateValue = "";
    private static volatile long dateSecond;

    private final Conn conn;
    /** The server, asked when the headers go out whether it is shutting down (then this is the connection's last response). */
    private final HttpServer server;
    private final boolean headRequest;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final ByteBuffer body = ByteBuffer.allocate(BUFFER);
    private int status = 200;
    private boolean sent;
    private boolean chunked;
    private long declaredLength = -1;
    private long written;
    private boolean close;

    Response(Conn conn, HttpServer server, boolean headRequest) {
        this.conn = conn;
        this.server = server;
        this.headRequest = headRequest;
    }

    /** Sets the status (default 200); only before the headers are sent. */
    public void status(int code) {
        requireNotSent("status");
        if (code < 100 || code > 999) {
            throw new IllegalArgumentException("status " + code + " is not a three-digit HTTP status");
        }
        status = code;
    }

    /** Sets a header (replacing one of the same name); only before the headers are sent. */
    public void header(String name, String value) {
        requireNotSent("header " + name);
        if (name.indexOf('\r') >= 0 || name.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("CR or LF in header " + name);
        }
        if (name.equalsIgnoreCase("Content-Length")) {
            declaredLength = Long.parseLong(value);
        }
        headers.put(name, value);
    }

    /** Whether the headers have gone out (then status and headers are fixed). */
    public boolean committed() {
        return sent;
    }

    @Goroutine
    public void write(String text) throws IOException {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    @Goroutine
    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    /** Appends to the body; parks while the client is slow to take it. */
    @Goroutine
    public void write(byte[] b, int off, int len) throws IOException {
        written += len;
        if (declaredLength >= 0 && written > declaredLength) {
            throw new IOException("handler wrote " + written + " bytes, more than its Content-Length " + declaredLength);
        }
        if (!sent && len <= body.remaining()) {
            body.put(b, off, len);
            return;
        }
        if (!sent) {
            sendHeaders(false);
        }
        sendBody(ByteBuffer.wrap(b, off, len));
    }

    /** Sends the headers and what is buffered now (the response becomes chunked unless a Content-Length was set). */
    @Goroutine
    public void flush() throws IOException {
        if (!sent) {
            sendHeaders(false);
        }
    }

    /** Ends the response: headers if not sent yet (with the buffered body's length), the last chunk if chunked. */
    @Goroutine
    void finish() throws IOException {
        if (declaredLength >= 0 && written != declaredLength && !sent) {
            close = true;
            throw new IOException("handler wrote " + written + " bytes for its Content-Length " + declaredLength);
        }
        if (!sent) {
            sendHeaders(true);
            return;
        }
        if (declaredLength >= 0 && written != declaredLength) {
            close = true; // the client would wait for the rest: the connection cannot be reused
            throw new IOException("handler wrote " + written + " bytes of its Content-Length " + declaredLength);
        }
        if (chunked && !headRequest) {
            conn.write(ByteBuffer.wrap("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)));
        }
    }

    /** Marks the response as the connection's last ({@code Connection: close}). */
    void closeAfter() {
        close = true;
    }

    /** Whether the connection must close after this response. */
    boolean closes() {
        return close;
    }

    /** Whether the body went out chunked (for tests and logs). */
    boolean wasChunked() {
        return chunked;
    }

    /** Writes the status line and headers, with the buffered body; {@code complete}: the handler is done. */
    @Goroutine
    private void sendHeaders(boolean complete) throws IOException {
        sent = true;
        boolean bodyAllowed = status >= 200 && status != 204 && status != 304;
        if (declaredLength < 0 && bodyAllowed) {
            if (complete) {
                headers.put("Content-Length", Integer.toString(body.position()));
            } else {
                chunked = true;
                headers.put("Transfer-Encoding", "chunked");
            }
        }
        if (server.shuttingDown()) {
            close = true;
        }
        if (close) {
            headers.put("Connection", "close");
        }
        StringBuilder head = new StringBuilder(128)
                .append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n")
                .append("Date: ").append(date()).append("\r\n");
        headers.putIfAbsent("Content-Type", "text/plain; charset=utf-8");
        for (Map.Entry<String, String> h : headers.entrySet()) {
            head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        body.flip();
        int bodyBytes = headRequest || !bodyAllowed ? 0 : body.remaining();
        int frame = chunked && bodyBytes > 0 ? chunkHeader(bodyBytes).length + 2 : 0;
        ByteBuffer out = ByteBuffer.allocate(h.length + bodyBytes + frame);
        out.put(h);
        if (frame > 0) {
            out.put(chunkHeader(bodyBytes));
        }
        out.put(body.array(), 0, bodyBytes);
        if (frame > 0) {
            out.put((byte) '\r').put((byte) '\n');
        }
        body.clear();
        conn.write(out.flip());
    }

    @Goroutine
    private void sendBody(ByteBuffer b) throws IOException {
        if (headRequest || !b.hasRemaining()) {
            return;
        }
        if (!chunked) {
            conn.write(b);
            return;
        }
        byte[] size = chunkHeader(b.remaining());
        ByteBuffer out = ByteBuffer.allocate(size.length + b.remaining() + 2);
        out.put(size).put(b).put((byte) '\r').put((byte) '\n');
        conn.write(out.flip());
    }

    private static byte[] chunkHeader(int n) {
        return (Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private void requireNotSent(String what) {
        if (sent) {
            throw new IllegalStateException("cannot set " + what + ": the response headers were already sent");
        }
    }

    private static String date() {
        long now = System.currentTimeMillis() / 1000;
        if (now != dateSecond) {
            dateValue = httpDate(java.time.Instant.ofEpochSecond(now));
            dateSecond = now;
        }
        return dateValue;
    }

    /** {@code t} as an HTTP date (IMF-fixdate, in GMT). */
    static String httpDate(java.time.Instant t) {
        return HTTP_DATE.format(ZonedDateTime.ofInstant(t, ZoneOffset.UTC));
    }

    static String reason(int status) {
        switch (status) {
            case 200: return "OK";
            case 201: return "Created";
            case 204: return "No Content";
            case 304: return "Not Modified";
            case 400: return "Bad Request";
            case 404: return "Not Found";
            case 405: return "Method Not Allowed";
            case 413: return "Content Too Large";
            case 431: return "Request Header Fields Too Large";
            case 500: return "Internal Server Error";
            case 501: return "Not Implemented";
            case 503: return "Service Unavailable";
            default: return "Status " + status;
        }
    }
}
