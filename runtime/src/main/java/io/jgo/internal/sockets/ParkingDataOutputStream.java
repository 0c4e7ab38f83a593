package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A {@code DataOutputStream} over a stream that parks. Its {@code write}s and {@code flush} write
 * the wrapped stream through rewritten code ({@link OutputIo}); the JDK's {@code writeInt}, {@code
 * writeUTF}, ... are final, so rewritten code's calls of them go to {@link OutputIo}'s stand-ins,
 * which encode here ({@link #writeBigEndian}, {@link #writeModifiedUtf8}) and write the bytes with
 * {@link #write(byte[], int, int)}; other callers get the JDK's methods, which write through the
 * same {@link #out} (no buffer here, so both kinds of call can be mixed). {@code size()} counts
 * both ({@code written}, saturating as the JDK's). Its {@code write}s, {@code flush} and {@code
 * close} hold the stream's own lock, as the JDK's are synchronized.
 */
final class ParkingDataOutputStream extends DataOutputStream implements Parks {

    /**
     * Held for each public operation, as the JDK's decorators hold {@code synchronized (lock)}: it
     * guards the count, and one call's bytes are written whole. Goroutine-owned and reentrant, so a
     * goroutine that waits for it parks (no carrier held), a plain thread blocks, and this class's
     * own nested calls take it again.
     */
    private final ParkingReentrantLock writeLock = new ParkingReentrantLock();

    private boolean closed;

    ParkingDataOutputStream(OutputStream out) {
        super(out);
    }

    @Override
    @Goroutine
    public void write(int b) throws IOException {
        writeLock.lock();
        try {
            OutputIo.write(out, b);
            count(1);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(byte[] b, int off, int len) throws IOException {
        writeLock.lock();
        try {
            Objects.checkFromIndexSize(off, len, b.length);
            OutputIo.write(out, b, off, len);
            count(len);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void flush() throws IOException {
        writeLock.lock();
        try {
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

    /** {@code value}'s low {@code bytes} bytes, high byte first (writeShort, writeChar, writeInt, writeLong). */
    @Goroutine
    void writeBigEndian(long value, int bytes) throws IOException {
        byte[] b = new byte[bytes];
        for (int i = bytes - 1; i >= 0; i--) {
            b[i] = (byte) value;
            value >>>= 8;
        }
        write(b, 0, bytes);
    }

    /** {@code writeUTF}: the JDK's encoding (and its {@code UTFDataFormatException} for a string too long), written at once. */
    @Goroutine
    void writeModifiedUtf8(String s) throws IOException {
        ByteArrayOutputStream encoded = new ByteArrayOutputStream(s.length() + 2);
        new DataOutputStream(encoded).writeUTF(s);
        byte[] b = encoded.toByteArray();
        write(b, 0, b.length);
    }

    /** {@code writeBytes}: each char's low byte. */
    @Goroutine
    void writeLowBytes(String s) throws IOException {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) s.charAt(i);
        }
        write(b, 0, b.length);
    }

    /** {@code writeChars}: each char as two bytes, high byte first. */
    @Goroutine
    void writeCharPairs(String s) throws IOException {
        byte[] b = new byte[s.length() * 2];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b[2 * i] = (byte) (c >>> 8);
            b[2 * i + 1] = (byte) c;
        }
        write(b, 0, b.length);
    }

    /** The JDK's {@code incCount}: {@code written} saturates at {@code Integer.MAX_VALUE}. */
    private void count(int n) {
        int sum = written + n;
        written = sum < 0 ? Integer.MAX_VALUE : sum;
    }
}
