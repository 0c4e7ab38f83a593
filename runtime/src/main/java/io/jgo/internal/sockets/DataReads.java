package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * {@code DataInputStream}'s reads for a {@link ParkingDataInputStream}, over its source with
 * parking reads: big-endian as the JDK's, {@code EOFException} when the stream ends inside a value.
 * {@code readUTF} reads the length and the bytes here and leaves the decoding (and its
 * {@code UTFDataFormatException}) to the JDK's {@code DataInputStream.readUTF(DataInput)} over them.
 */
final class DataReads {

    private DataReads() {
    }

    @Goroutine
    static void readFully(InputStream in, byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        int done = 0;
        while (done < len) {
            int n = SocketIo.read(in, b, off + done, len - done);
            if (n < 0) {
                throw new EOFException();
            }
            done += n;
        }
    }

    @Goroutine
    static int readUnsignedByte(InputStream in) throws IOException {
        int b = SocketIo.read(in);
        if (b < 0) {
            throw new EOFException();
        }
        return b;
    }

    @Goroutine
    static long readBigEndian(InputStream in, int size) throws IOException {
        byte[] b = new byte[size];
        readFully(in, b, 0, size);
        long v = 0;
        for (byte x : b) {
            v = v << 8 | (x & 0xFF);
        }
        return v;
    }

    @Goroutine
    static String readUTF(InputStream in) throws IOException {
        int len = (int) readBigEndian(in, 2);
        byte[] b = new byte[2 + len];
        b[0] = (byte) (len >>> 8);
        b[1] = (byte) len;
        readFully(in, b, 2, len);
        return DataInputStream.readUTF(new DataInputStream(new ByteArrayInputStream(b)));
    }
}
