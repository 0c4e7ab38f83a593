package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Objects;

/**
 * An {@code OutputStreamWriter} over a stream that parks: the JDK's encoding (malformed and
 * unmappable input replaced; a high surrogate at the end of a write kept for the next one, and
 * replaced at {@code close}), buffered in {@value #BYTES} bytes as the JDK's stream encoder does, the
 * bytes written only when the buffer fills, at {@code flush} and at {@code close}, through rewritten
 * code ({@link OutputIo}), so a full send buffer parks the goroutine. The JDK's own encoder (made by
 * the super constructor) is never used. Each public method holds the
 * writer's own lock, as the JDK's holds {@code lock}.
 */
final class ParkingOutputStreamWriter extends OutputStreamWriter implements Parks {

    /**
     * Held for each public operation, as the JDK's decorators hold {@code synchronized (lock)}: it
     * guards the encoder and its byte buffer, and one call's bytes are written whole.
     * Goroutine-owned and reentrant, so a goroutine that waits for it parks (no carrier held), a
     * plain thread blocks, and this class's own nested calls take it again.
     */
    private final ParkingReentrantLock writeLock = new ParkingReentrantLock();

    static final int BYTES = 8192;

    private final OutputStream out;
    private final CharsetEncoder encoder;
    private final byte[] bytes = new byte[BYTES];
    private final ByteBuffer encoded = ByteBuffer.wrap(bytes);
    /** A high surrogate that ended the last write, waiting for its low half; -1 none. */
    private int leftover = -1;
    private boolean closed;

    ParkingOutputStreamWriter(OutputStream out, Charset cs) {
        super(out, cs);
        this.out = out;
        this.encoder = cs.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /** As the JDK's: null once closed. */
    @Override
    public String getEncoding() {
        return closed ? null : super.getEncoding();
    }

    @Override
    @Goroutine
    public void write(int c) throws IOException {
        writeLock.lock();
        try {
            write(new char[] {(char) c}, 0, 1);
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
            if (len > 0) {
                encode(CharBuffer.wrap(cbuf, off, len));
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(String str, int off, int len) throws IOException {
        writeLock.lock();
        try {
            if (len < 0) {
                throw new IndexOutOfBoundsException();
            }
            ensureOpen();
            Objects.checkFromIndexSize(off, len, str.length());
            if (len > 0) {
                encode(CharBuffer.wrap(str, off, off + len));
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

    /** Writes the buffered bytes, then flushes the stream (a pending high surrogate stays, as the JDK's). */
    @Override
    @Goroutine
    public void flush() throws IOException {
        writeLock.lock();
        try {
            ensureOpen();
            writeEncoded();
            OutputIo.flush(out);
        } finally {
            writeLock.unlock();
        }
    }

    /** A pending high surrogate is replaced, the encoder flushed, the bytes written, the stream flushed and closed. */
    @Override
    @Goroutine
    public void close() throws IOException {
        writeLock.lock();
        try {
            if (closed) {
                return;
            }
            try {
                // the end of the input: a pending high surrogate is malformed now (replaced), then the encoder's flush
                CharBuffer last = leftover >= 0 ? CharBuffer.wrap(new char[] {(char) leftover}) : CharBuffer.allocate(0);
                leftover = -1;
                encodeAll(last, true);
                while (encoder.flush(encoded).isOverflow()) {
                    writeEncoded();
                }
                writeEncoded();
            } finally {
                closed = true;
                try {
                    OutputIo.flush(out); // as the JDK's stream encoder: the stream flushed, then closed
                } finally {
                    OutputIo.close(out);
                }
            }
        } finally {
            writeLock.unlock();
        }
    }

    /** Encodes {@code chars} after any pending high surrogate, writing the buffer each time it fills. */
    @Goroutine
    private void encode(CharBuffer chars) throws IOException {
        if (leftover >= 0) {
            char high = (char) leftover;
            leftover = -1;
            CharBuffer pair = CharBuffer.wrap(new char[] {high, chars.get()});
            encodeAll(pair, false);
        }
        encodeAll(chars, false);
    }

    @Goroutine
    private void encodeAll(CharBuffer chars, boolean endOfInput) throws IOException {
        while (true) {
            CoderResult r = encoder.encode(chars, encoded, endOfInput);
            if (r.isUnderflow()) {
                if (chars.remaining() == 1) {
                    leftover = chars.get(); // a high surrogate without its low half yet
                }
                return;
            }
            if (r.isOverflow()) {
                writeEncoded();
                continue;
            }
            r.throwException(); // not reached: errors are replaced
        }
    }

    @Goroutine
    private void writeEncoded() throws IOException {
        int n = encoded.position();
        if (n > 0) {
            try {
                OutputIo.write(out, bytes, 0, n);
            } finally {
                encoded.clear(); // as the JDK's: bytes whose write failed are dropped
            }
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream closed");
        }
    }
}
