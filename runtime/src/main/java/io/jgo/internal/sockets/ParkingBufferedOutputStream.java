package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A {@code BufferedOutputStream} over a stream that parks: the JDK's buffering (a write as large as
 * the buffer goes straight through, after what is buffered; {@code flush} writes the buffer and then
 * flushes the stream; {@code close} flushes, then closes the stream even if the flush failed), with
 * writes of the wrapped stream made by rewritten code ({@link OutputIo}), so a full send buffer parks
 * the goroutine. Its own buffer (the JDK's protected {@code buf} is left at one byte, unused).
 * Each public method holds the stream's own lock, as the JDK's is synchronized.
 */
final class ParkingBufferedOutputStream extends BufferedOutputStream implements Parks {

    /**
     * Held for each public operation, as the JDK's decorators hold {@code synchronized (lock)}: it
     * guards the buffer, and one call's bytes are written whole. Goroutine-owned and reentrant, so
     * a goroutine that waits for it parks (no carrier held), a plain thread blocks, and this
     * class's own nested calls take it again.
     */
    private final ParkingReentrantLock writeLock = new ParkingReentrantLock();

    static final int DEFAULT_SIZE = 8192;

    private final byte[] buffer;
    /** Bytes buffered, not yet written to {@link #out}. */
    private int count;
    private boolean closed;

    ParkingBufferedOutputStream(OutputStream out, int size) {
        super(out, 1);
        this.buffer = new byte[size];
    }

    @Override
    @Goroutine
    public void write(int b) throws IOException {
        writeLock.lock();
        try {
            if (count >= buffer.length) {
                flushBuffer();
            }
            buffer[count++] = (byte) b;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(byte[] b) throws IOException {
        writeLock.lock();
        try {
            write(b, 0, b.length);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(byte[] b, int off, int len) throws IOException {
        writeLock.lock();
        try {
            // no range check of its own, as the JDK's: the wrapped stream's write or the copy throws
            if (len >= buffer.length) {
                flushBuffer();
                OutputIo.write(out, b, off, len);
                return;
            }
            if (len > buffer.length - count) {
                flushBuffer();
            }
            System.arraycopy(b, off, buffer, count, len);
            count += len;
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
            OutputIo.flush(out);
        } finally {
            writeLock.unlock();
        }
    }

    /** As {@code FilterOutputStream.close}: once; the stream is closed even if the flush fails. */
    @Override
    @Goroutine
    public void close() throws IOException {
        writeLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            try {
                flush();
            } catch (IOException | RuntimeException | Error e) {
                try {
                    OutputIo.close(out);
                } catch (IOException | RuntimeException | Error closeFailure) {
                    if (closeFailure != e) {
                        closeFailure.addSuppressed(e);
                    }
                    throw closeFailure;
                }
                throw e;
            }
            OutputIo.close(out);
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes what is buffered; the buffer is emptied only once the write succeeded, as the JDK's. */
    @Goroutine
    private void flushBuffer() throws IOException {
        if (count > 0) {
            OutputIo.write(out, buffer, 0, count);
            count = 0;
        }
    }
}
