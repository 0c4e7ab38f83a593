package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
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
 * argument may leave a prefix written there, nothing here); and its lock is its own ({@code
 * writeLock}; the JDK's is {@code lock}, the wrapped writer): each public method holds it, so a
 * {@code println} (text, then separator) is one operation, as the JDK's.
 */
final class ParkingPrintWriter extends PrintWriter implements Parks {

    /**
     * Held for each public operation, as the JDK's decorators hold {@code synchronized (lock)}: one
     * call's bytes are written whole, and a composite call ({@code println}: text, then separator)
     * is one operation. Goroutine-owned and reentrant, so a goroutine that waits for it parks (no
     * carrier held), a plain thread blocks, and this class's own nested calls take it again.
     */
    private final ParkingReentrantLock writeLock = new ParkingReentrantLock();

    private final boolean autoFlush;
    private boolean trouble;

    ParkingPrintWriter(Writer out, boolean autoFlush) {
        super(out, autoFlush);
        this.autoFlush = autoFlush;
    }

    @Override
    @Goroutine
    public boolean checkError() {
        writeLock.lock();
        try {
            if (out != null) {
                flush();
            }
            if (out instanceof PrintWriter) {
                return PrintIo.checkError((PrintWriter) out);
            }
            return trouble;
        } finally {
            writeLock.unlock();
        }
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
        writeLock.lock();
        try {
            try {
                ensureOpen();
                WriterIo.flush(out);
            } catch (IOException e) {
                failed(e);
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void close() {
        writeLock.lock();
        try {
            try {
                if (out != null) {
                    WriterIo.close(out);
                    out = null;
                }
            } catch (IOException e) {
                trouble = true;
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(int c) {
        writeLock.lock();
        try {
            try {
                ensureOpen();
                WriterIo.write(out, c);
            } catch (IOException e) {
                failed(e);
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(char[] buf, int off, int len) {
        writeLock.lock();
        try {
            try {
                ensureOpen();
                WriterIo.write(out, buf, off, len);
            } catch (IOException e) {
                failed(e);
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(char[] buf) {
        writeLock.lock();
        try {
            write(buf, 0, buf.length);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(String s, int off, int len) {
        writeLock.lock();
        try {
            try {
                ensureOpen();
                WriterIo.write(out, s, off, len);
            } catch (IOException e) {
                failed(e);
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void write(String s) {
        writeLock.lock();
        try {
            write(s, 0, s.length());
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(boolean b) {
        writeLock.lock();
        try {
            write(String.valueOf(b));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(char c) {
        writeLock.lock();
        try {
            write(c);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(int i) {
        writeLock.lock();
        try {
            write(String.valueOf(i));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(long l) {
        writeLock.lock();
        try {
            write(String.valueOf(l));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(float f) {
        writeLock.lock();
        try {
            write(String.valueOf(f));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(double d) {
        writeLock.lock();
        try {
            write(String.valueOf(d));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(char[] s) {
        writeLock.lock();
        try {
            write(s);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(String s) {
        writeLock.lock();
        try {
            write(String.valueOf(s));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void print(Object obj) {
        writeLock.lock();
        try {
            write(String.valueOf(obj));
        } finally {
            writeLock.unlock();
        }
    }

    /** The line separator, then a flush with {@code autoFlush}. */
    @Override
    @Goroutine
    public void println() {
        writeLock.lock();
        try {
            try {
                ensureOpen();
                WriterIo.write(out, System.lineSeparator());
                if (autoFlush) {
                    WriterIo.flush(out);
                }
            } catch (IOException e) {
                failed(e);
            }
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(boolean x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(char x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(int x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(long x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(float x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(double x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(char[] x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(String x) {
        writeLock.lock();
        try {
            print(x);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public void println(Object x) {
        writeLock.lock();
        try {
            String s = String.valueOf(x);
            print(s);
            println();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public PrintWriter printf(String format, Object... args) {
        writeLock.lock();
        try {
            return format(format, args);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public PrintWriter printf(Locale l, String format, Object... args) {
        writeLock.lock();
        try {
            return format(l, format, args);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public PrintWriter format(String format, Object... args) {
        writeLock.lock();
        try {
            return format(Locale.getDefault(Locale.Category.FORMAT), format, args);
        } finally {
            writeLock.unlock();
        }
    }

    /** Formats the whole text (the JDK's {@code Formatter}, its exceptions), writes it, flushes with {@code autoFlush}. */
    @Override
    @Goroutine
    public PrintWriter format(Locale l, String format, Object... args) {
        writeLock.lock();
        try {
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
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public PrintWriter append(CharSequence csq) {
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
    public PrintWriter append(CharSequence csq, int start, int end) {
        writeLock.lock();
        try {
            CharSequence s = csq == null ? "null" : csq;
            return append(s.subSequence(start, end));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    @Goroutine
    public PrintWriter append(char c) {
        writeLock.lock();
        try {
            write(c);
            return this;
        } finally {
            writeLock.unlock();
        }
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
