package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Objects;

/**
 * A {@code BufferedWriter} over a writer that parks: the JDK's buffering (a char array written as
 * large as the buffer goes straight through, after what is buffered; strings are copied in pieces;
 * {@code newLine} writes {@code System.lineSeparator()}; {@code flush} writes the buffer and
 * flushes the writer; {@code close} writes the buffer and closes the writer even if that failed,
 * once), with the wrapped writer's calls made by rewritten code ({@link WriterIo}), so a full send
 * buffer parks the goroutine. Its own buffer (the super constructor's is one char, unused). Each
 * public method holds the writer's own lock, as the JDK's holds {@code lock}.
 */
final class ParkingBufferedWriter extends BufferedWriter implements Parks {

    /**
     * Held for each public operation, as the JDK's decorators hold {@code synchronized (lock)}: it
     * guards the buffer, and one call's bytes are written whole. Goroutine-owned and reentrant, so
     * a goroutine that waits for it parks (no carrier held), a plain thread blocks, and this
     * class's own nested calls take it again.
     */
    private final ParkingReentrantLock writeLock = new ParkingReentrantLock();

    static final int DEFAULT_SIZE = 8192;

    /** The wrapped writer; null once closed (as the JDK's). */
    private Writer out;
    private final char[] buffer;
    private int count;

    ParkingBufferedWriter(Writer out, int size) {
        super(out, 1);
        this.out = out;
        this.buffer = new char[size];
    }

    @Override
    @Goroutine
    public void write(int c) throws IOException {
        writeLock.lock();
        try {
            ensureOpen();
            if (count >= buffer.length) {
                flushBuffer();
            }
            buffer[count++] = (char) c;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(char[] cbuf, int off, int len) throws IOException {
        writeLock.lock();
        try {
            ensureOpen();
            Objects.checkFromIndexSize(off, len, cbuf.length);
            if (len == 0) {
                return;
            }
            if (len >= buffer.length) {
                flushBuffer();
                WriterIo.write(out, cbuf, off, len);
                return;
            }
            int end = off + len;
            while (off < end) {
                int n = Math.min(buffer.length - count, end - off);
                System.arraycopy(cbuf, off, buffer, count, n);
                count += n;
                off += n;
                if (count >= buffer.length) {
                    flushBuffer();
                }
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(String s, int off, int len) throws IOException {
        writeLock.lock();
        try {
            ensureOpen();
            int end = off + len;
            while (off < end) {
                int n = Math.min(buffer.length - count, end - off);
                s.getChars(off, off + n, buffer, count);
                count += n;
                off += n;
                if (count >= buffer.length) {
                    flushBuffer();
                }
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(String str) throws IOException {
        writeLock.lock();
        try {
            write(str, 0, str.length());
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(char[] cbuf) throws IOException {
        writeLock.lock();
        try {
            write(cbuf, 0, cbuf.length);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public Writer append(CharSequence csq) throws IOException {
        writeLock.lock();
        try {
            write(String.valueOf(csq));
            return this;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public Writer append(CharSequence csq, int start, int end) throws IOException {
        writeLock.lock();
        try {
            CharSequence s = csq == null ? "null" : csq;
            write(s.subSequence(start, end).toString());
            return this;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public Writer append(char c) throws IOException {
        writeLock.lock();
        try {
            write(c);
            return this;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void newLine() throws IOException {
        writeLock.lock();
        try {
            write(System.lineSeparator());
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void flush() throws IOException {
        writeLock.lock();
        try {
            flushBuffer();
            WriterIo.flush(out);
        } finally {
            writeLock.unlock();
        }
    }

    /** As the JDK's: the buffer written, the writer closed even if that failed (the close's failure suppressed). */
    @Override
    @Goroutine
    public void close() throws IOException {
        writeLock.lock();
        try {
            if (out == null) {
                return;
            }
            Writer w = out;
            try {
                flushBuffer();
            } catch (IOException | RuntimeException | Error e) {
                out = null;
                try {
                    WriterIo.close(w);
                } catch (IOException | RuntimeException | Error closeFailure) {
                    e.addSuppressed(closeFailure);
                }
                throw e;
            }
            out = null;
            WriterIo.close(w);
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes what is buffered; emptied only once the write succeeded, as the JDK's. */
    @Goroutine
    private void flushBuffer() throws IOException {
        ensureOpen();
        if (count > 0) {
            WriterIo.write(out, buffer, 0, count);
            count = 0;
        }
    }

    private void ensureOpen() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
    }
}
