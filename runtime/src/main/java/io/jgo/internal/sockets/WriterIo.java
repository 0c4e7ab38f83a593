package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.Blocking;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * What rewritten code calls in place of the constructors of {@code OutputStreamWriter},
 * {@code BufferedWriter} and {@code PrintWriter}, and of the writes declared on the JDK's writers
 * ({@code write}, {@code append}, {@code flush}, {@code close}, {@code newLine}; {@code PrintWriter}'s
 * own methods are {@link PrintIo}'s): the instrumenter's {@code SocketWriteCalls} chooses the call
 * sites; an instance call's receiver is the first argument, typed as the family's base
 * ({@code Writer}). Each stand-in dispatches by class to the parking writers
 * ({@link Parks}), whose writes park a goroutine while the socket's send buffer is full; otherwise it
 * makes the JDK's call as rewritten code made it before (a {@code write} or {@code flush} wrapped as a
 * syscall that does not hand the P off up front, the others as they are). A decorator is a parking
 * one only over a stream or writer that parks; over anything else it is the JDK's.
 */
public final class WriterIo {

    private WriterIo() {
    }

    // ---------------------------------------------------------------- decorators

    /** {@code new OutputStreamWriter(out)}. */
    public static OutputStreamWriter newOutputStreamWriter(OutputStream out) {
        return newOutputStreamWriter(out, Charset.defaultCharset());
    }

    /** {@code new OutputStreamWriter(out, charsetName)}: an unknown name throws the JDK's exception. */
    public static OutputStreamWriter newOutputStreamWriter(OutputStream out, String charsetName)
            throws java.io.UnsupportedEncodingException {
        if (!(out instanceof Parks)) {
            return new OutputStreamWriter(out, charsetName);
        }
        if (charsetName == null) {
            throw new NullPointerException("charsetName");
        }
        Charset cs;
        try {
            cs = Charset.forName(charsetName);
        } catch (IllegalArgumentException e) {
            throw new java.io.UnsupportedEncodingException(charsetName);
        }
        return new ParkingOutputStreamWriter(out, cs);
    }

    /** {@code new OutputStreamWriter(out, cs)}. */
    public static OutputStreamWriter newOutputStreamWriter(OutputStream out, Charset cs) {
        if (!(out instanceof Parks)) {
            return new OutputStreamWriter(out, cs);
        }
        Objects.requireNonNull(cs, "charset");
        return new ParkingOutputStreamWriter(out, cs);
    }

    /** {@code new BufferedWriter(out)}. */
    public static BufferedWriter newBufferedWriter(Writer out) {
        return newBufferedWriter(out, ParkingBufferedWriter.DEFAULT_SIZE);
    }

    /** {@code new BufferedWriter(out, size)}. */
    public static BufferedWriter newBufferedWriter(Writer out, int size) {
        if (!(out instanceof Parks)) {
            return new BufferedWriter(out, size);
        }
        if (size <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        return new ParkingBufferedWriter(out, size);
    }

    /** {@code new PrintWriter(out)}. */
    public static PrintWriter newPrintWriter(Writer out) {
        return newPrintWriter(out, false);
    }

    /** {@code new PrintWriter(out, autoFlush)}. */
    public static PrintWriter newPrintWriter(Writer out, boolean autoFlush) {
        return out instanceof Parks ? new ParkingPrintWriter(out, autoFlush) : new PrintWriter(out, autoFlush);
    }

    /** {@code new PrintWriter(out)} over a stream. */
    public static PrintWriter newPrintWriter(OutputStream out) {
        return newPrintWriter(out, false);
    }

    /** {@code new PrintWriter(out, autoFlush)} over a stream: the default charset, as the JDK's. */
    public static PrintWriter newPrintWriter(OutputStream out, boolean autoFlush) {
        if (!(out instanceof Parks)) {
            return new PrintWriter(out, autoFlush);
        }
        return newPrintWriter(out, autoFlush, Charset.defaultCharset());
    }

    /** {@code new PrintWriter(out, autoFlush, charset)}: a buffered writer over an encoding one, as the JDK's. */
    public static PrintWriter newPrintWriter(OutputStream out, boolean autoFlush, Charset charset) {
        if (!(out instanceof Parks)) {
            return new PrintWriter(out, autoFlush, charset);
        }
        Objects.requireNonNull(charset, "charset");
        return new ParkingPrintWriter(new ParkingBufferedWriter(new ParkingOutputStreamWriter(out, charset),
                ParkingBufferedWriter.DEFAULT_SIZE), autoFlush);
    }

    // ---------------------------------------------------------------- writers: dispatch

    /** {@code w.write(c)}. */
    @Goroutine
    public static void write(Writer w, int c) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).write(c);
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).write(c);
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).write(c);
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.write(c);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.write(cbuf)}. */
    @Goroutine
    public static void write(Writer w, char[] cbuf) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).write(cbuf);
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).write(cbuf);
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).write(cbuf);
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.write(cbuf);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.write(cbuf, off, len)}. */
    @Goroutine
    public static void write(Writer w, char[] cbuf, int off, int len) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).write(cbuf, off, len);
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).write(cbuf, off, len);
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).write(cbuf, off, len);
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.write(cbuf, off, len);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.write(s)}. */
    @Goroutine
    public static void write(Writer w, String s) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).write(s);
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).write(s);
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).write(s);
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.write(s);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.write(s, off, len)}. */
    @Goroutine
    public static void write(Writer w, String s, int off, int len) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).write(s, off, len);
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).write(s, off, len);
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).write(s, off, len);
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.write(s, off, len);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.flush()}. */
    @Goroutine
    public static void flush(Writer w) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).flush();
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).flush();
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).flush();
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.flush();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.close()}: a parking writer's writes what it holds first (parking); any other is the JDK's call. */
    @Goroutine
    public static void close(Writer w) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).close();
            return;
        }
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).close();
            return;
        }
        if (w instanceof ParkingOutputStreamWriter) {
            ((ParkingOutputStreamWriter) w).close();
            return;
        }
        w.close();
    }

    /** {@code w.append(csq)}. */
    @Goroutine
    public static Writer append(Writer w, CharSequence csq) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(csq);
        }
        if (w instanceof ParkingBufferedWriter) {
            return ((ParkingBufferedWriter) w).append(csq);
        }
        if (w instanceof ParkingOutputStreamWriter) {
            return ((ParkingOutputStreamWriter) w).append(csq);
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            return w.append(csq);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.append(csq, start, end)}. */
    @Goroutine
    public static Writer append(Writer w, CharSequence csq, int start, int end) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(csq, start, end);
        }
        if (w instanceof ParkingBufferedWriter) {
            return ((ParkingBufferedWriter) w).append(csq, start, end);
        }
        if (w instanceof ParkingOutputStreamWriter) {
            return ((ParkingOutputStreamWriter) w).append(csq, start, end);
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            return w.append(csq, start, end);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.append(c)}. */
    @Goroutine
    public static Writer append(Writer w, char c) throws IOException {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(c);
        }
        if (w instanceof ParkingBufferedWriter) {
            return ((ParkingBufferedWriter) w).append(c);
        }
        if (w instanceof ParkingOutputStreamWriter) {
            return ((ParkingOutputStreamWriter) w).append(c);
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            return w.append(c);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code w.newLine()}. */
    @Goroutine
    public static void newLine(BufferedWriter w) throws IOException {
        if (w instanceof ParkingBufferedWriter) {
            ((ParkingBufferedWriter) w).newLine();
            return;
        }
        boolean entered = Blocking.enter(w, Blocking.BY_CLASS);
        try {
            w.newLine();
        } finally {
            Blocking.exit(entered);
        }
    }
}
