package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.poll.SocketWriteProbe;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/**
 * What rewritten code calls in place of the constructors of {@code BufferedOutputStream} and
 * {@code DataOutputStream}, and of the writes declared on the JDK's output streams ({@code write},
 * {@code flush}, {@code close}, and {@code DataOutputStream}'s {@code writeInt}, {@code writeUTF},
 * ...): the instrumenter's {@code SocketWriteCalls} chooses the call sites; an instance call's
 * receiver is the first argument, typed as the family's base ({@code OutputStream}), whatever
 * static type the call site named. Each stand-in dispatches by class to the parking stream
 * ({@link SocketOutput}, {@link TlsOutput} and the parking decorators over them, {@link Parks}), whose writes park a
 * goroutine while the send buffer is full; otherwise it makes the JDK's call as rewritten code made
 * it before (a write or flush wrapped as a syscall that does not hand the P off up front). A
 * decorator is a parking one only over a stream that parks; over anything else it is the JDK's.
 */
public final class OutputIo {

    private OutputIo() {
    }

    // ---------------------------------------------------------------- the socket's stream

    /**
     * A channel-backed socket's output stream, after the JDK's checks and stream (closed, unconnected,
     * output shut down throw as they do): one that parks ({@link SocketOutput}), when the JDK
     * internals it needs are open to jgo; the JDK's otherwise, and for an {@code SSLSocket}'s
     * transport (its bytes are records).
     */
    static OutputStream of(Socket socket) throws IOException {
        OutputStream jdk = socket.getOutputStream();
        SocketChannel ch = socket.getChannel();
        if (ch == null || socket instanceof javax.net.ssl.SSLSocket || !SocketWriteProbe.applies(ch)) {
            return jdk;
        }
        return new SocketOutput(socket, ch, jdk);
    }

    // ---------------------------------------------------------------- decorators

    /** {@code new BufferedOutputStream(out)}. */
    public static BufferedOutputStream newBufferedOutputStream(OutputStream out) {
        return newBufferedOutputStream(out, ParkingBufferedOutputStream.DEFAULT_SIZE);
    }

    /** {@code new BufferedOutputStream(out, size)}. */
    public static BufferedOutputStream newBufferedOutputStream(OutputStream out, int size) {
        if (!(out instanceof Parks)) {
            return new BufferedOutputStream(out, size);
        }
        if (size <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        return new ParkingBufferedOutputStream(out, size);
    }

    /** {@code new DataOutputStream(out)}. */
    public static DataOutputStream newDataOutputStream(OutputStream out) {
        return out instanceof Parks ? new ParkingDataOutputStream(out) : new DataOutputStream(out);
    }

    // ---------------------------------------------------------------- writes: dispatch

    /** {@code out.write(b)} (one byte). */
    @Goroutine
    public static void write(OutputStream out, int b) throws IOException {
        if (out instanceof SocketOutput) {
            ((SocketOutput) out).write(b);
        } else if (out instanceof ParkingBufferedOutputStream) {
            ((ParkingBufferedOutputStream) out).write(b);
        } else if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).write(b);
        } else if (out instanceof TlsOutput) {
            ((TlsOutput) out).write(b);
        } else {
            boolean entered = Blocking.enter(out, Blocking.BY_CLASS);
            try {
                out.write(b);
            } finally {
                Blocking.exit(entered);
            }
        }
    }

    /** {@code out.write(b)} (an array). */
    @Goroutine
    public static void write(OutputStream out, byte[] b) throws IOException {
        if (out instanceof Parks) {
            write(out, b, 0, b.length);
            return;
        }
        boolean entered = Blocking.enter(out, Blocking.BY_CLASS);
        try {
            out.write(b);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code out.write(b, off, len)}. */
    @Goroutine
    public static void write(OutputStream out, byte[] b, int off, int len) throws IOException {
        if (out instanceof SocketOutput) {
            ((SocketOutput) out).write(b, off, len);
        } else if (out instanceof ParkingBufferedOutputStream) {
            ((ParkingBufferedOutputStream) out).write(b, off, len);
        } else if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).write(b, off, len);
        } else if (out instanceof TlsOutput) {
            ((TlsOutput) out).write(b, off, len);
        } else {
            boolean entered = Blocking.enter(out, Blocking.BY_CLASS);
            try {
                out.write(b, off, len);
            } finally {
                Blocking.exit(entered);
            }
        }
    }

    /** {@code out.flush()}. */
    @Goroutine
    public static void flush(OutputStream out) throws IOException {
        if (out instanceof ParkingBufferedOutputStream) {
            ((ParkingBufferedOutputStream) out).flush();
        } else if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).flush();
        } else {
            boolean entered = Blocking.enter(out, Blocking.BY_CLASS);
            try {
                out.flush();
            } finally {
                Blocking.exit(entered);
            }
        }
    }

    /** {@code out.close()}: a parking decorator's flushes first (parking); any other is the JDK's call. */
    @Goroutine
    public static void close(OutputStream out) throws IOException {
        if (out instanceof ParkingBufferedOutputStream) {
            ((ParkingBufferedOutputStream) out).close();
        } else if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).close();
        } else {
            out.close();
        }
    }

    // ---------------------------------------------------------------- DataOutputStream's final writes

    /** {@code out.writeBoolean(v)}. */
    @Goroutine
    public static void writeBoolean(DataOutputStream out, boolean v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).write(v ? 1 : 0);
        } else {
            out.writeBoolean(v);
        }
    }

    /** {@code out.writeByte(v)}. */
    @Goroutine
    public static void writeByte(DataOutputStream out, int v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).write(v);
        } else {
            out.writeByte(v);
        }
    }

    /** {@code out.writeShort(v)}. */
    @Goroutine
    public static void writeShort(DataOutputStream out, int v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(v, 2);
        } else {
            out.writeShort(v);
        }
    }

    /** {@code out.writeChar(v)}. */
    @Goroutine
    public static void writeChar(DataOutputStream out, int v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(v, 2);
        } else {
            out.writeChar(v);
        }
    }

    /** {@code out.writeInt(v)}. */
    @Goroutine
    public static void writeInt(DataOutputStream out, int v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(v, 4);
        } else {
            out.writeInt(v);
        }
    }

    /** {@code out.writeLong(v)}. */
    @Goroutine
    public static void writeLong(DataOutputStream out, long v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(v, 8);
        } else {
            out.writeLong(v);
        }
    }

    /** {@code out.writeFloat(v)}: its int bits, as the JDK's. */
    @Goroutine
    public static void writeFloat(DataOutputStream out, float v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(Float.floatToIntBits(v), 4);
        } else {
            out.writeFloat(v);
        }
    }

    /** {@code out.writeDouble(v)}: its long bits, as the JDK's. */
    @Goroutine
    public static void writeDouble(DataOutputStream out, double v) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeBigEndian(Double.doubleToLongBits(v), 8);
        } else {
            out.writeDouble(v);
        }
    }

    /** {@code out.writeBytes(s)}. */
    @Goroutine
    public static void writeBytes(DataOutputStream out, String s) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeLowBytes(s);
        } else {
            out.writeBytes(s);
        }
    }

    /** {@code out.writeChars(s)}. */
    @Goroutine
    public static void writeChars(DataOutputStream out, String s) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeCharPairs(s);
        } else {
            out.writeChars(s);
        }
    }

    /** {@code out.writeUTF(s)}. */
    @Goroutine
    public static void writeUTF(DataOutputStream out, String s) throws IOException {
        if (out instanceof ParkingDataOutputStream) {
            ((ParkingDataOutputStream) out).writeModifiedUtf8(s);
        } else {
            out.writeUTF(s);
        }
    }
}
