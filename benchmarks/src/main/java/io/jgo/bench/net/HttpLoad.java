package io.jgo.bench.net;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * {@code GET /plaintext} over a kept-alive HTTP/1.1 connection; the answer must be a 200 with a
 * {@code Content-Length} body equal to {@link #BODY} and nothing after it.
 */
final class HttpLoad implements Exchange {

    static final String PATH = "/plaintext";
    static final String BODY = "Hello, World!";
    static final byte[] BODY_BYTES = BODY.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REQUEST = ("GET " + PATH + " HTTP/1.1\r\nHost: localhost\r\nUser-Agent: jgo-loadgen\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);

    @Override
    public void request(int conn, long seq, ByteBuffer out) {
        out.clear().put(REQUEST).flip();
    }

    @Override
    public boolean complete(int conn, long seq, ByteBuffer in) throws BadAnswer {
        int n = in.position();
        byte[] a = in.array();
        int headEnd = -1;
        for (int i = 0; i + 3 < n; i++) {
            if (a[i] == '\r' && a[i + 1] == '\n' && a[i + 2] == '\r' && a[i + 3] == '\n') {
                headEnd = i;
                break;
            }
        }
        if (headEnd < 0) {
            if (n == in.capacity()) {
                throw new BadAnswer("connection " + conn + ": response head longer than " + n + " bytes");
            }
            return false;
        }
        String head = new String(a, 0, headEnd, StandardCharsets.ISO_8859_1);
        if (!head.startsWith("HTTP/1.1 200 ")) {
            throw new BadAnswer("connection " + conn + " request " + seq + ": status line " + head.lines().findFirst().orElse(""));
        }
        long length = -1;
        for (String line : head.split("\r\n")) {
            String l = line.toLowerCase(Locale.ROOT);
            if (l.startsWith("content-length:")) {
                length = Long.parseLong(l.substring("content-length:".length()).trim());
            } else if (l.startsWith("connection:") && l.contains("close")) {
                throw new BadAnswer("connection " + conn + " request " + seq + ": the server closes a kept-alive connection: " + head.replace("\r\n", " / "));
            }
        }
        if (length != BODY_BYTES.length) {
            throw new BadAnswer("connection " + conn + " request " + seq + ": Content-Length " + length + ", expected " + BODY_BYTES.length);
        }
        int total = headEnd + 4 + BODY_BYTES.length;
        if (n < total) {
            return false;
        }
        if (n > total) {
            throw new BadAnswer("connection " + conn + " request " + seq + ": " + (n - total) + " bytes after the response");
        }
        for (int k = 0; k < BODY_BYTES.length; k++) {
            if (a[headEnd + 4 + k] != BODY_BYTES[k]) {
                throw new BadAnswer("connection " + conn + " request " + seq + ": body byte " + k);
            }
        }
        return true;
    }

    @Override
    public int maxAnswer() {
        return 1024;
    }
}
