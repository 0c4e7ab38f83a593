package io.jgo.bench.net;

import java.nio.ByteBuffer;

/** 64-byte requests whose every byte depends on the connection and the sequence number; the answer must be the same 64 bytes. */
final class EchoLoad implements Exchange {

    static final int SIZE = 64;

    @Override
    public void request(int conn, long seq, ByteBuffer out) {
        out.clear();
        for (int k = 0; k < SIZE; k++) {
            out.put(expected(conn, seq, k));
        }
        out.flip();
    }

    @Override
    public boolean complete(int conn, long seq, ByteBuffer in) throws BadAnswer {
        int n = in.position();
        if (n > SIZE) {
            throw new BadAnswer("connection " + conn + " request " + seq + ": " + n + " bytes back for a " + SIZE + "-byte request");
        }
        if (n < SIZE) {
            return false;
        }
        for (int k = 0; k < SIZE; k++) {
            if (in.get(k) != expected(conn, seq, k)) {
                throw new BadAnswer("connection " + conn + " request " + seq + ": byte " + k + " is " + in.get(k)
                        + ", sent " + expected(conn, seq, k));
            }
        }
        return true;
    }

    @Override
    public int maxAnswer() {
        return 2 * SIZE; // room to see a server that sends too much
    }

    private static byte expected(int conn, long seq, int k) {
        return (byte) (conn * 31 + seq * 17 + k * 7);
    }
}
