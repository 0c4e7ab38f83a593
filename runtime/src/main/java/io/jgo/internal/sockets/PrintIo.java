package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * What rewritten code calls in place of {@code PrintWriter}'s own methods ({@code print},
 * {@code println}, {@code printf}, {@code format}, the {@code append}s that answer a
 * {@code PrintWriter}, {@code checkError}; its {@code write}, {@code flush} and {@code close} are
 * {@link WriterIo}'s): the instrumenter's {@code SocketWriteCalls} chooses the call sites, the
 * receiver is the first argument. A {@link ParkingPrintWriter}'s call is its own (rewritten: a full
 * send buffer parks the goroutine); any other's is the JDK's call, as rewritten code made it before.
 * None throws an {@code IOException} (the writer's error state holds failures).
 */
public final class PrintIo {

    private PrintIo() {
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, boolean b) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(b);
            return;
        }
        w.print(b);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, char c) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(c);
            return;
        }
        w.print(c);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, int i) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(i);
            return;
        }
        w.print(i);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, long l) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(l);
            return;
        }
        w.print(l);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, float f) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(f);
            return;
        }
        w.print(f);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, double d) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(d);
            return;
        }
        w.print(d);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, char[] s) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(s);
            return;
        }
        w.print(s);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, String s) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(s);
            return;
        }
        w.print(s);
    }

    /** {@code w.print(x)}. */
    @Goroutine
    public static void print(PrintWriter w, Object obj) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).print(obj);
            return;
        }
        w.print(obj);
    }

    /** {@code w.println()}. */
    @Goroutine
    public static void println(PrintWriter w) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println();
            return;
        }
        w.println();
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, boolean x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, char x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, int x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, long x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, float x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, double x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, char[] x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, String x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.println(x)}. */
    @Goroutine
    public static void println(PrintWriter w, Object x) {
        if (w instanceof ParkingPrintWriter) {
            ((ParkingPrintWriter) w).println(x);
            return;
        }
        w.println(x);
    }

    /** {@code w.printf(format, args)}. */
    @Goroutine
    public static PrintWriter printf(PrintWriter w, String format, Object... args) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).printf(format, args);
        }
        return w.printf(format, args);
    }

    /** {@code w.printf(l, format, args)}. */
    @Goroutine
    public static PrintWriter printf(PrintWriter w, Locale l, String format, Object... args) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).printf(l, format, args);
        }
        return w.printf(l, format, args);
    }

    /** {@code w.format(format, args)}. */
    @Goroutine
    public static PrintWriter format(PrintWriter w, String format, Object... args) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).format(format, args);
        }
        return w.format(format, args);
    }

    /** {@code w.format(l, format, args)}. */
    @Goroutine
    public static PrintWriter format(PrintWriter w, Locale l, String format, Object... args) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).format(l, format, args);
        }
        return w.format(l, format, args);
    }

    /** {@code w.append(csq)} on a {@code PrintWriter}. */
    @Goroutine
    public static PrintWriter append(PrintWriter w, CharSequence csq) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(csq);
        }
        return w.append(csq);
    }

    /** {@code w.append(csq, start, end)} on a {@code PrintWriter}. */
    @Goroutine
    public static PrintWriter append(PrintWriter w, CharSequence csq, int start, int end) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(csq, start, end);
        }
        return w.append(csq, start, end);
    }

    /** {@code w.append(c)} on a {@code PrintWriter}. */
    @Goroutine
    public static PrintWriter append(PrintWriter w, char c) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).append(c);
        }
        return w.append(c);
    }

    /** {@code w.checkError()}: flushes (parking), then the error state. */
    @Goroutine
    public static boolean checkError(PrintWriter w) {
        if (w instanceof ParkingPrintWriter) {
            return ((ParkingPrintWriter) w).checkError();
        }
        return w.checkError();
    }
}
