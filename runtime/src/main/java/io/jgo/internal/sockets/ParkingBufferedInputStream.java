package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A {@code BufferedInputStream} over a stream that parks, whose reads park too, with the JDK's
 * observable behaviour (mark and reset within the read limit, {@code "Resetting to invalid mark"},
 * {@code "Stream closed"} after close, available counting the buffer). The superclass gets a one-byte
 * buffer it never uses: every method is overridden. Its parking reads ({@code read},
 * {@code skip}) hold the stream's own lock (a {@code ParkingReentrantLock}: a waiting goroutine parks,
 * it does not pin), as the JDK's are synchronized; {@code available}, {@code mark}, {@code reset} and
 * {@code close} take none (they never park).
 *
 * <p>Buffer: {@code buf[next, end)} is unread; with a mark, {@code buf[mark, next)} is kept until
 * more than the mark's limit was read past it.
 */
final class ParkingBufferedInputStream extends BufferedInputStream implements Parks {

    /**
     * Held for each parking read ({@code read}, {@code readLine}, {@code skip}), as the JDK's holds
     * {@code synchronized (lock)}: it guards the buffered state, so goroutines sharing this reader
     * each get whole results (a {@code readLine} a whole line). Goroutine-owned and reentrant: a
     * goroutine that waits for it parks (no carrier held), a plain thread blocks.
     */
    private final ParkingReentrantLock readLock = new ParkingReentrantLock();

    static final int DEFAULT_SIZE = 8192;

    private InputStream source;
    private byte[] bytes;
    private int next;
    private int end;
    private int mark = -1;
    private int limit;

    ParkingBufferedInputStream(InputStream in, int size) {
        super(in, 1);
        this.source = in;
        this.bytes = new byte[size];
    }

    private void ensureOpen() throws IOException {
        if (source == null) {
            throw new IOException("Stream closed");
        }
    }

    @Goroutine
    private void fill() throws IOException {
        int dst = 0;
        if (mark >= 0) {
            int kept = next - mark;
            if (kept >= limit) {
                mark = -1;
            } else {
                if (limit > bytes.length) {
                    byte[] bigger = new byte[limit];
                    System.arraycopy(bytes, mark, bigger, 0, kept);
                    bytes = bigger;
                } else {
                    System.arraycopy(bytes, mark, bytes, 0, kept);
                }
                mark = 0;
                dst = kept;
            }
        }
        next = dst;
        end = dst;
        int n = SocketIo.read(source, bytes, dst, bytes.length - dst);
        if (n > 0) {
            end = dst + n;
        }
    }

    @Override
    @Goroutine
    public int read() throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            if (next >= end) {
                fill();
                if (next >= end) {
                    return -1;
                }
            }
            return bytes[next++] & 0xFF;
        } finally {
            readLock.unlock();
        }
    }

    @Override
    @Goroutine
    public int read(byte[] b, int off, int len) throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            if (next >= end) {
                fill();
                if (next >= end) {
                    return -1;
                }
            }
            int n = Math.min(len, end - next);
            System.arraycopy(bytes, next, b, off, n);
            next += n;
            return n;
        } finally {
            readLock.unlock();
        }
    }

    @Override
    @Goroutine
    public long skip(long n) throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            if (n <= 0) {
                return 0;
            }
            if (next >= end) {
                fill();
                if (next >= end) {
                    return 0;
                }
            }
            long skipped = Math.min(n, end - next);
            next += (int) skipped;
            return skipped;
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public int available() throws IOException {
        ensureOpen();
        int buffered = end - next;
        int below = source.available();
        return buffered > Integer.MAX_VALUE - below ? Integer.MAX_VALUE : buffered + below;
    }

    @Override
    public void mark(int readlimit) {
        limit = readlimit;
        mark = next;
    }

    @Override
    public void reset() throws IOException {
        ensureOpen();
        if (mark < 0) {
            throw new IOException("Resetting to invalid mark");
        }
        next = mark;
    }

    @Override
    public boolean markSupported() {
        return true;
    }

    @Override
    public void close() throws IOException {
        InputStream s = source;
        if (s != null) {
            source = null;
            bytes = null;
            s.close();
        }
    }
}
