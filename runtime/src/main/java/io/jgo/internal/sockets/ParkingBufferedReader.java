package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Objects;

/**
 * A {@code BufferedReader} over a reader that parks, whose reads park too: the JDK's observable
 * behaviour (lines end at {@code \n}, {@code \r} or {@code \r\n}, a {@code \n} right after a
 * {@code \r} is skipped even when it comes in a later read or by {@link #read()}; mark, reset,
 * skip, ready; {@code "Stream closed"} after close), written here so that a wait for more chars is
 * a suspension of rewritten code rather than a pin inside the JDK's. The superclass gets a one-char
 * buffer it never uses (every method is overridden; {@code lines()} goes through {@link #readLine}).
 * Its parking reads ({@code read}, {@code readLine}, {@code skip}) hold the reader's own lock, as
 * the JDK's hold {@code lock}, so goroutines sharing the reader get whole lines; {@code mark},
 * {@code reset}, {@code ready} and {@code close} take none (they never park), so one of them racing a
 * read of another goroutine is not ordered as with the JDK's.
 *
 * <p>Buffer: {@code buf[next, end)} is unread; with a mark, {@code buf[mark, next)} is kept for
 * {@link #reset} until more than {@code readAheadLimit} chars were read past it.
 */
final class ParkingBufferedReader extends BufferedReader implements Parks {

    /**
     * Held for each parking read ({@code read}, {@code readLine}, {@code skip}), as the JDK's holds
     * {@code synchronized (lock)}: it guards the buffered state, so goroutines sharing this reader
     * each get whole results (a {@code readLine} a whole line). Goroutine-owned and reentrant: a
     * goroutine that waits for it parks (no carrier held), a plain thread blocks.
     */
    private final ParkingReentrantLock readLock = new ParkingReentrantLock();

    static final int DEFAULT_SIZE = 8192;
    private static final int UNMARKED = -1;
    private static final int INVALIDATED = -2;

    private Reader in;
    private char[] buf;
    private int next;
    private int end;
    private int mark = UNMARKED;
    private int readAheadLimit;
    /** The last char given out ended a line with {@code \r}: a {@code \n} next is part of that end. */
    private boolean skipLF;
    private boolean markedSkipLF;

    ParkingBufferedReader(Reader in, int size) {
        super(in, 1);
        this.in = in;
        this.buf = new char[size];
    }

    private void ensureOpen() throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
    }

    /** Reads more chars after {@code buf[next, end)} is used up, keeping a live mark's chars. */
    @Goroutine
    private void fill() throws IOException {
        int dst = 0;
        if (mark >= 0) {
            int kept = next - mark;
            if (kept >= readAheadLimit) {
                mark = INVALIDATED; // read past the limit: the mark is dropped
                readAheadLimit = 0;
            } else {
                if (readAheadLimit <= buf.length) {
                    System.arraycopy(buf, mark, buf, 0, kept);
                } else {
                    char[] bigger = new char[readAheadLimit];
                    System.arraycopy(buf, mark, bigger, 0, kept);
                    buf = bigger;
                }
                mark = 0;
                dst = kept;
                next = kept;
                end = kept;
            }
        }
        int n;
        do {
            n = SocketIo.read(in, buf, dst, buf.length - dst);
        } while (n == 0);
        if (n > 0) {
            next = dst;
            end = dst + n;
        }
    }

    @Override
    @Goroutine
    public int read() throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            while (true) {
                if (next >= end) {
                    fill();
                    if (next >= end) {
                        return -1;
                    }
                }
                if (skipLF) {
                    skipLF = false;
                    if (buf[next] == '\n') {
                        next++;
                        continue;
                    }
                }
                return buf[next++];
            }
        } finally {
            readLock.unlock();
        }
    }

    @Override
    @Goroutine
    public int read(char[] c, int off, int len) throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            Objects.checkFromIndexSize(off, len, c.length);
            if (len == 0) {
                return 0;
            }
            while (true) {
                if (next >= end) {
                    fill();
                    if (next >= end) {
                        return -1;
                    }
                }
                if (skipLF) {
                    skipLF = false;
                    if (buf[next] == '\n') {
                        next++;
                        continue;
                    }
                }
                int n = Math.min(len, end - next);
                System.arraycopy(buf, next, c, off, n);
                next += n;
                return n;
            }
        } finally {
            readLock.unlock();
        }
    }

    @Override
    @Goroutine
    public String readLine() throws IOException {
        readLock.lock();
        try {
            ensureOpen();
            StringBuilder line = null;
            while (true) {
                if (next >= end) {
                    fill();
                }
                if (next >= end) { // end of stream
                    return line != null && line.length() > 0 ? line.toString() : null;
                }
                if (skipLF) {
                    skipLF = false;
                    if (buf[next] == '\n') {
                        next++;
                        continue;
                    }
                }
                int i = next;
                while (i < end && buf[i] != '\n' && buf[i] != '\r') {
                    i++;
                }
                int start = next;
                next = i;
                if (i < end) {
                    String s = line == null ? new String(buf, start, i - start) : line.append(buf, start, i - start).toString();
                    skipLF = buf[i] == '\r';
                    next++;
                    return s;
                }
                if (line == null) {
                    line = new StringBuilder(Math.max(16, i - start + 16));
                }
                line.append(buf, start, i - start);
            }
        } finally {
            readLock.unlock();
        }
    }

    @Override
    @Goroutine
    public long skip(long n) throws IOException {
        readLock.lock();
        try {
            if (n < 0L) {
                throw new IllegalArgumentException("skip value is negative");
            }
            ensureOpen();
            long left = n;
            while (left > 0) {
                if (next >= end) {
                    fill();
                    if (next >= end) {
                        break;
                    }
                }
                if (skipLF) {
                    skipLF = false;
                    if (buf[next] == '\n') {
                        next++;
                        continue;
                    }
                }
                long here = end - next;
                if (left <= here) {
                    next += (int) left;
                    left = 0;
                } else {
                    left -= here;
                    next = end;
                }
            }
            return n - left;
        } finally {
            readLock.unlock();
        }
    }

    /**
     * Chars buffered, or the reader below ready. A pending {@code \n} after a {@code \r} is skipped
     * first when it is buffered; when it is not, the reader below answers (the JDK's would read it
     * first, which could wait: this one never waits).
     */
    @Override
    public boolean ready() throws IOException {
        ensureOpen();
        if (skipLF && next < end && buf[next] == '\n') {
            next++;
            skipLF = false;
        }
        return next < end || in.ready();
    }

    @Override
    public boolean markSupported() {
        return true;
    }

    @Override
    public void mark(int readAheadLimit) throws IOException {
        if (readAheadLimit < 0) {
            throw new IllegalArgumentException("Read-ahead limit < 0");
        }
        ensureOpen();
        this.readAheadLimit = readAheadLimit;
        mark = next;
        markedSkipLF = skipLF;
    }

    @Override
    public void reset() throws IOException {
        ensureOpen();
        if (mark < 0) {
            throw new IOException(mark == INVALIDATED ? "Mark invalid" : "Stream not marked");
        }
        next = mark;
        skipLF = markedSkipLF;
    }

    @Override
    public void close() throws IOException {
        if (in == null) {
            return;
        }
        try {
            in.close();
        } finally {
            in = null;
            buf = null;
        }
    }
}
