package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Objects;

/**
 * A {@code BufferedWriter} over a writer that parks: the JDK's buffering (a char array written as
 * large as the buffer goes straight through, after what is buffered; strings are copied in pieces;
 * {@code newLine} writes {@code System.lineSeparator()}; {@code flush} writes the buffer and flushes
 * the writer; {@code close} writes the buffer and closes the writer even if that failed, once), with
 * the wrapped writer's calls made by rewritten code ({@link WriterIo}), so a full send buffer parks
 * the goroutine. Its own buffer (the super constructor's is one char, unused). No lock (the JDK's
 * takes one): one writer at a time.
 */
final class ParkingBufferedWriter extends BufferedWriter implements Parks {

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
        ensureOpen();
        if (count >= buffer.length) {
            flushBuffer();
        }
        buffer[count++] = (char) c;
    }

    @Override
    @Goroutine
    public void write(char[] cbuf, int off, int len) throws IOException {
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
    }

    @Override
    @Goroutine
    public void write(String s, int off, int len) throws IOException {
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
    }

    @Override
    @Goroutine
    public void write(String str) throws IOException {
        write(str, 0, str.length());
    }

    @Override
    @Goroutine
    public void write(char[] cbuf) throws IOException {
        write(cbuf, 0, cbuf.length);
    }

    @Override
    @Goroutine
    public Writer append(CharSequence csq) throws IOException {
        write(String.valueOf(csq));
        return this;
    }

    @Override
    @Goroutine
    public Writer append(CharSequence csq, int start, int end) throws IOException {
        CharSequence s = csq == null ? "null" : csq;
        write(s.subSequence(start, end).toString());
        return this;
    }

    @Override
    @Goroutine
    public Writer append(char c) throws IOException {
        write(c);
        return this;
    }

    @Override
    @Goroutine
    public void newLine() throws IOException {
        write(System.lineSeparator());
    }

    @Override
    @Goroutine
    public void flush() throws IOException {
        flushBuffer();
        WriterIo.flush(out);
    }

    /** As the JDK's: the buffer written, the writer closed even if that failed (the close's failure suppressed). */
    @Override
    @Goroutine
    public void close() throws IOException {
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
