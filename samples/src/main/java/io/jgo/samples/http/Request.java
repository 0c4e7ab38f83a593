package io.jgo.samples.http;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One parsed HTTP/1.1 request: the request line, the headers (names case-insensitive) and the
 * whole body (read before the handler runs; only {@code Content-Length} bodies are accepted).
 */
public final class Request {

    private final String method;
    private final String target;
    private final String version;
    private final Map<String, String> headers;
    private final byte[] body;

    Request(String method, String target, String version, Map<String, String> headers, byte[] body) {
        this.method = method;
        this.target = target;
        this.version = version;
        this.headers = headers;
        this.body = body;
    }

    /** {@code GET}, {@code POST}, ... as sent. */
    public String method() {
        return method;
    }

    /** The request target as sent, query included: {@code /path?q=1}. */
    public String target() {
        return target;
    }

    /** The target without its query. */
    public String path() {
        int q = target.indexOf('?');
        return q < 0 ? target : target.substring(0, q);
    }

    /** {@code HTTP/1.1} or {@code HTTP/1.0}. */
    public String version() {
        return version;
    }

    /** A header's value (the last one sent under that name), or null; the name is case-insensitive. */
    public String header(String name) {
        return headers.get(name);
    }

    public byte[] body() {
        return body.clone();
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Whether the client asked to keep the connection open after this request (HTTP/1.1's default). */
    boolean keepAlive() {
        String c = headers.get("Connection");
        if ("HTTP/1.0".equals(version)) {
            return c != null && c.equalsIgnoreCase("keep-alive");
        }
        return c == null || !c.equalsIgnoreCase("close");
    }

    @Override
    public String toString() {
        return method + " " + target + " " + version;
    }
}
