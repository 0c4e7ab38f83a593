package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Objects;

/**
 * An {@code InputStreamReader} over a stream that parks, whose reads park too. Decoding is the
 * charset's own decoder with malformed and unmappable input replaced, as the JDK's reader does;
 * bytes of a character split across two reads wait in {@link #bytes} for the rest; decoded chars
 * wait in {@link #chars} (so a one-char read of a surrogate pair keeps the second half). A read
 * answers as soon as it has one char; at end of stream the decoder is flushed (a truncated sequence
 * is one replacement char), then -1. Its reads hold the reader's own lock (a
 * {@code ParkingReentrantLock}: a waiting goroutine parks, it does not pin), as the JDK's reader's
 * hold {@code lock}; {@code ready} and {@code close} take none.
 */
final class ParkingInputStreamReader extends InputStreamReader implements Parks {

    /**
     * Held for each parking read ({@code read}, {@code readLine}, {@code skip}), as the JDK's holds
     * {@code synchronized (lock)}: it guards the buffered state, so goroutines sharing this reader
     * each get whole results (a {@code readLine} a whole line). Goroutine-owned and reentrant: a
     * goroutine that waits for it parks (no carrier held), a plain thread blocks.
     */
    private final ParkingReentrantLock readLock = new ParkingReentrantLock();

    private static final int BYTES = 8192;
    private static final int CHARS = 2048;

    private final InputStream in;
    private final CharsetDecoder decoder;
    /** Undecoded bytes, in read mode (position..limit). */
    private final ByteBuffer bytes = ByteBuffer.allocate(BYTES).flip();
    /** Decoded chars not yet given out, in read mode. */
    private final CharBuffer chars = CharBuffer.allocate(CHARS).flip();
    private boolean eof;
    private boolean flushed;
    private boolean closed;

    ParkingInputStreamReader(InputStream in, Charset cs) {
        super(in, cs);
        this.in = in;
        this.decoder = cs.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    @Override
    @Goroutine
    public int read() throws IOException {
        readLock.lock();
        try {
            char[] one = new char[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0];
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
            while (!chars.hasRemaining()) {
                if (!fill()) {
                    return -1;
                }
            }
            int n = Math.min(len, chars.remaining());
            chars.get(c, off, n);
            return n;
        } finally {
            readLock.unlock();
        }
    }

    /** Decodes more chars into {@link #chars} (empty), reading bytes when it must; false at end of stream. */
    @Goroutine
    private boolean fill() throws IOException {
        chars.clear();
        try {
            while (true) {
                if (!eof) {
                    CoderResult r = decoder.decode(bytes, chars, false);
                    if (chars.position() > 0 || r.isOverflow()) {
                        return true;
                    }
                    bytes.compact();
                    try {
                        int n = SocketIo.read(in, bytes.array(), bytes.position(), bytes.remaining());
                        if (n < 0) {
                            eof = true;
                        } else {
                            bytes.position(bytes.position() + n);
                        }
                    } finally {
                        bytes.flip(); // back to read mode: the bytes kept and the bytes read
                    }
                    continue;
                }
                if (flushed) {
                    return false;
                }
                decoder.decode(bytes, chars, true);
                CoderResult r = decoder.flush(chars);
                if (!r.isOverflow()) {
                    flushed = true;
                }
                if (chars.position() > 0) {
                    return true;
                }
                if (flushed) {
                    return false;
                }
            }
        } finally {
            chars.flip();
        }
    }

    @Override
    public boolean ready() throws IOException {
        ensureOpen();
        return chars.hasRemaining() || bytes.hasRemaining() || in.available() > 0;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            in.close();
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream closed");
        }
    }
}
