package io.jgo.bench.net;

import java.nio.ByteBuffer;

/**
 * What the load generator sends on a connection and how it checks the answer, one request at a
 * time (depth 1): {@link EchoLoad} or {@link HttpLoad}.
 */
interface Exchange {

    /** Writes request {@code seq} of connection {@code conn} into {@code out} (cleared), ready to send (flipped). */
    void request(int conn, long seq, ByteBuffer out);

    /**
     * Looks at the bytes received so far for request {@code seq} ({@code in} in write mode:
     * {@code 0..position}). Returns false while the answer is incomplete, true when it is complete
     * and correct; throws {@link BadAnswer} naming the first wrong byte or header.
     */
    boolean complete(int conn, long seq, ByteBuffer in) throws BadAnswer;

    /** Bytes one answer may take (the receive buffer's size). */
    int maxAnswer();

    /** A wrong answer: the benchmark fails rather than posting a figure for a broken server. */
    final class BadAnswer extends Exception {
        private static final long serialVersionUID = 1L;

        BadAnswer(String why) {
            super(why);
        }
    }

    static Exchange of(String protocol) {
        return switch (protocol) {
            case "echo" -> new EchoLoad();
            case "http" -> new HttpLoad();
            default -> throw new IllegalArgumentException("unknown protocol " + protocol + " (echo or http)");
        };
    }
}
