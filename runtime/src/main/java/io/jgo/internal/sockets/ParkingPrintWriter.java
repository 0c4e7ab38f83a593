package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Formatter;
import java.util.Locale;

/**
 * A {@code PrintWriter} over a writer that parks (for {@code new PrintWriter(stream)}: a
 * {@link ParkingBufferedWriter} over a {@link ParkingOutputStreamWriter}, as the JDK's makes a
 * {@code BufferedWriter} over an {@code OutputStreamWriter}). The JDK's contract: no method throws an
 * {@code IOException}; a failure sets the error state that {@link #checkError} reports (after a
 * flush), but an {@code InterruptedIOException} re-asserts the thread's interrupt instead; writing a
 * closed writer is a failure; with {@code autoFlush}, {@code println}, {@code printf} and
 * {@code format} flush. The wrapped writer's calls are made by rewritten code ({@link WriterIo}), so
 * a full send buffer parks the goroutine.
 *
 * <p>Differences, both invisible in the bytes written: {@code printf}/{@code format} format the whole
 * text first and write it at once (the JDK's formatter writes piece by piece, so a bad format
 * argument may leave a prefix written there, nothing here); and no lock is taken (the JDK's takes
 * {@code lock}): one writer at a time.
 */
final class ParkingPrintWriter extends PrintWriter implements Parks {

    private final boolean autoFlush;
    private boolean trouble;

    ParkingPrintWriter(Writer out, boolean autoFlush) {
        super(out, autoFlush);
        this.autoFlush = autoFlush;
    }

    @Override
    @Goroutine
    public boolean checkError() {
        if (out != null) {
            flush();
        }
        if (out instanceof PrintWriter) {
            return PrintIo.checkError((PrintWriter) out);
        }
        return trouble;
    }

    @Override
    protected void setError() {
        trouble = true;
    }

    @Override
    protected void clearError() {
        trouble = false;
    }

    @Override
    @Goroutine
    public void flush() {
        try {
            ensureOpen();
            WriterIo.flush(out);
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    @Goroutine
    public void close() {
        try {
            if (out != null) {
                WriterIo.close(out);
                out = null;
            }
        } catch (IOException e) {
            trouble = true;
        }
    }

    @Override
    @Goroutine
    public void write(int c) {
        try {
            ensureOpen();
            WriterIo.write(out, c);
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    @Goroutine
    public void write(char[] buf, int off, int len) {
        try {
            ensureOpen();
            WriterIo.write(out, buf, off, len);
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    @Goroutine
    public void write(char[] buf) {
        write(buf, 0, buf.length);
    }

    @Override
    @Goroutine
    public void write(String s, int off, int len) {
        try {
            ensureOpen();
            WriterIo.write(out, s, off, len);
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    @Goroutine
    public void write(String s) {
        write(s, 0, s.length());
    }

    @Override
    @Goroutine
    public void print(boolean b) {
        write(String.valueOf(b));
    }

    @Override
    @Goroutine
    public void print(char c) {
        write(c);
    }

    @Override
    @Goroutine
    public void print(int i) {
        write(String.valueOf(i));
    }

    @Override
    @Goroutine
    public void print(long l) {
        write(String.valueOf(l));
    }

    @Override
    @Goroutine
    public void print(float f) {
        write(String.valueOf(f));
    }

    @Override
    @Goroutine
    public void print(double d) {
        write(String.valueOf(d));
    }

    @Override
    @Goroutine
    public void print(char[] s) {
        write(s);
    }

    @Override
    @Goroutine
    public void print(String s) {
        write(String.valueOf(s));
    }

    @Override
    @Goroutine
    public void print(Object obj) {
        write(String.valueOf(obj));
    }

    /** The line separator, then a flush with {@code autoFlush}. */
    @Override
    @Goroutine
    public void println() {
        try {
            ensureOpen();
            WriterIo.write(out, System.lineSeparator());
            if (autoFlush) {
                WriterIo.flush(out);
            }
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    @Goroutine
    public void println(boolean x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(char x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(int x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(long x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(float x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(double x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(char[] x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(String x) {
        print(x);
        println();
    }

    @Override
    @Goroutine
    public void println(Object x) {
        String s = String.valueOf(x);
        print(s);
        println();
    }

    @Override
    @Goroutine
    public PrintWriter printf(String format, Object... args) {
        return format(format, args);
    }

    @Override
    @Goroutine
    public PrintWriter printf(Locale l, String format, Object... args) {
        return format(l, format, args);
    }

    @Override
    @Goroutine
    public PrintWriter format(String format, Object... args) {
        return format(Locale.getDefault(Locale.Category.FORMAT), format, args);
    }

    /** Formats the whole text (the JDK's {@code Formatter}, its exceptions), writes it, flushes with {@code autoFlush}. */
    @Override
    @Goroutine
    public PrintWriter format(Locale l, String format, Object... args) {
        try {
            ensureOpen();
            StringBuilder text = new StringBuilder();
            new Formatter(text, l).format(l, format, args);
            WriterIo.write(out, text.toString());
            if (autoFlush) {
                WriterIo.flush(out);
            }
        } catch (IOException e) {
            failed(e);
        }
        return this;
    }

    @Override
    @Goroutine
    public PrintWriter append(CharSequence csq) {
        write(String.valueOf(csq));
        return this;
    }

    @Override
    @Goroutine
    public PrintWriter append(CharSequence csq, int start, int end) {
        CharSequence s = csq == null ? "null" : csq;
        return append(s.subSequence(start, end));
    }

    @Override
    @Goroutine
    public PrintWriter append(char c) {
        write(c);
        return this;
    }

    /** The JDK's: an interrupted write re-asserts the interrupt; any other failure is the error state. */
    private void failed(IOException e) {
        if (e instanceof InterruptedIOException) {
            Thread.currentThread().interrupt();
        } else {
            trouble = true;
        }
    }

    private void ensureOpen() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
    }
}
