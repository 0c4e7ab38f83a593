package io.jgo.internal.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The parking output decorators against the JDK's, each over a recording sink (the parking one's
 * sink marks itself as a stream that parks, so the factories make parking decorators over it): the
 * same script of calls gives the same log on both — after each call, the bytes the sink has got
 * (so buffering, {@code autoFlush} and flushes happen at the same calls), the exceptions (class and
 * message), {@code checkError}, {@code size()}, {@code getEncoding()}; and a sink that fails makes
 * the same failures. Runs on a plain thread: the parking code is the rewritten code a goroutine
 * runs, and the write stand-ins ({@link OutputIo}, {@link WriterIo}, {@link PrintIo}) are called
 * for the parking side as rewritten code calls them.
 */
class ParkingWritersDifferentialTest {

    /** Records what it gets; fails every call once {@link #broken}. */
    static class Sink extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int flushes;
        boolean closed;
        boolean broken;

        @Override
        public void write(int b) throws IOException {
            check();
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            check();
            bytes.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            check();
            flushes++;
        }

        @Override
        public void close() throws IOException {
            closed = true;
            check();
        }

        private void check() throws IOException {
            if (broken) {
                throw new IOException("broken pipe (the test's)");
            }
        }

        /** The bytes so far (their count and CRC-32, with the last few in hex), the flushes, whether closed. */
        String state() {
            byte[] b = bytes.toByteArray();
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(b);
            return b.length + " bytes crc " + Long.toHexString(crc.getValue()) + " ..."
                    + HexFormat.of().formatHex(b, Math.max(0, b.length - 8), b.length) + " f" + flushes + (closed ? " closed" : "");
        }
    }

    /** The parking side's sink. */
    static final class ParkingSink extends Sink implements Parks {
    }

    @FunctionalInterface
    interface Step {
        Object run() throws IOException;
    }

    /** One script's log: each step's result or exception, then the sink's state. */
    static final class Log {
        final StringBuilder text = new StringBuilder();
        final Sink sink;

        Log(Sink sink) {
            this.sink = sink;
        }

        void step(String name, Step step) {
            String outcome;
            try {
                outcome = String.valueOf(step.run());
            } catch (IOException | RuntimeException e) {
                outcome = e.getClass().getName() + ": " + e.getMessage();
            }
            text.append(name).append(" -> ").append(outcome).append(" | ").append(sink.state()).append('\n');
        }
    }

    /** The first line where the logs differ, both sides shown (a whole log is too long to read in a report). */
    private static void assertSameLog(String jdk, String parking, String what) {
        String[] a = jdk.split("\n");
        String[] b = parking.split("\n");
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            assertEquals(a[i], b[i], what + ": step " + i);
        }
        assertEquals(a.length, b.length, what + ": steps");
    }

    // ---------------------------------------------------------------- PrintWriter

    private static String printWriterScript(boolean parking, boolean autoFlush, Charset cs) {
        Sink sink = parking ? new ParkingSink() : new Sink();
        PrintWriter w = parking ? WriterIo.newPrintWriter(sink, autoFlush, cs) : new PrintWriter(sink, autoFlush, cs);
        Log log = new Log(sink);
        log.step("class", () -> parking == (w instanceof ParkingPrintWriter));
        log.step("print(boolean)", () -> { PrintIo.print(w, true); return null; });
        log.step("print(char)", () -> { PrintIo.print(w, 'x'); return null; });
        log.step("print(int)", () -> { PrintIo.print(w, 42); return null; });
        log.step("print(long)", () -> { PrintIo.print(w, -42L); return null; });
        log.step("print(float)", () -> { PrintIo.print(w, 1.5f); return null; });
        log.step("print(double)", () -> { PrintIo.print(w, 2.25); return null; });
        log.step("print(char[])", () -> { PrintIo.print(w, new char[] {'c', 'h'}); return null; });
        log.step("print(null String)", () -> { PrintIo.print(w, (String) null); return null; });
        log.step("print(null Object)", () -> { PrintIo.print(w, (Object) null); return null; });
        log.step("println()", () -> { PrintIo.println(w); return null; });
        log.step("println(String)", () -> { PrintIo.println(w, "\u00e9\u20ac\uD834\uDD1E"); return null; });
        log.step("println(int)", () -> { PrintIo.println(w, 7); return null; });
        log.step("println(Object)", () -> { PrintIo.println(w, List.of(1, 2)); return null; });
        log.step("printf", () -> PrintIo.printf(w, "%d-%s%n", 7, "a") == w);
        log.step("format(Locale)", () -> PrintIo.format(w, Locale.FRANCE, "%,.2f|", 1234.5) == w);
        log.step("append(csq)", () -> PrintIo.append(w, "abc") == w);
        log.step("append(csq, start, end)", () -> PrintIo.append(w, "abcdef", 1, 3) == w);
        log.step("append(null, 0, 2)", () -> PrintIo.append(w, null, 0, 2) == w);
        log.step("append(char)", () -> PrintIo.append(w, 'z') == w);
        log.step("write(String, off, len)", () -> { WriterIo.write(w, "hello", 1, 3); return null; });
        log.step("write(char[])", () -> { WriterIo.write(w, new char[] {'a', 'b'}); return null; });
        log.step("write(int)", () -> { WriterIo.write(w, 0x263A); return null; });
        log.step("checkError", () -> PrintIo.checkError(w));
        log.step("print(big)", () -> { PrintIo.print(w, "0123456789".repeat(2000)); return null; });
        log.step("flush", () -> { WriterIo.flush(w); return null; });
        sink.broken = true;
        log.step("println(broken)", () -> { PrintIo.println(w, "lost"); return null; });
        log.step("checkError(broken)", () -> PrintIo.checkError(w));
        sink.broken = false;
        log.step("close", () -> { WriterIo.close(w); return null; });
        log.step("println(closed)", () -> { PrintIo.println(w, "after"); return null; });
        log.step("checkError(closed)", () -> PrintIo.checkError(w));
        log.step("close again", () -> { WriterIo.close(w); return null; });
        return log.text.toString();
    }

    @Test
    void printWriterAsTheJdksWithAndWithoutAutoFlush() {
        for (Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.US_ASCII, StandardCharsets.UTF_16BE)) {
            for (boolean autoFlush : new boolean[] {false, true}) {
                assertSameLog(printWriterScript(false, autoFlush, cs), printWriterScript(true, autoFlush, cs),
                        cs + ", autoFlush " + autoFlush);
            }
        }
    }

    @Test
    void printWriterOverAWriterAsTheJdks() {
        String[] logs = new String[2];
        for (int p = 0; p < 2; p++) {
            boolean parking = p == 1;
            Sink sink = parking ? new ParkingSink() : new Sink();
            OutputStreamWriter osw = parking ? WriterIo.newOutputStreamWriter(sink, StandardCharsets.UTF_8)
                    : new OutputStreamWriter(sink, StandardCharsets.UTF_8);
            PrintWriter w = parking ? WriterIo.newPrintWriter(osw, true) : new PrintWriter(osw, true);
            Log log = new Log(sink);
            log.step("println", () -> { PrintIo.println(w, "line"); return null; });
            log.step("print", () -> { PrintIo.print(w, "no flush"); return null; });
            log.step("checkError", () -> PrintIo.checkError(w));
            log.step("close", () -> { WriterIo.close(w); return null; });
            log.step("encoding after close", osw::getEncoding);
            logs[p] = log.text.toString();
        }
        assertSameLog(logs[0], logs[1], "");
    }

    // ---------------------------------------------------------------- BufferedWriter, OutputStreamWriter

    private static String writersScript(boolean parking, Charset cs, int size) {
        Sink sink = parking ? new ParkingSink() : new Sink();
        OutputStreamWriter osw = parking ? WriterIo.newOutputStreamWriter(sink, cs) : new OutputStreamWriter(sink, cs);
        BufferedWriter w = parking ? WriterIo.newBufferedWriter(osw, size) : new BufferedWriter(osw, size);
        Log log = new Log(sink);
        log.step("class", () -> parking == (w instanceof ParkingBufferedWriter && osw instanceof ParkingOutputStreamWriter));
        log.step("encoding", osw::getEncoding);
        log.step("write(int)", () -> { WriterIo.write(w, 'a'); return null; });
        log.step("write(char[], off, len)", () -> { WriterIo.write(w, "xyz\u00e9".toCharArray(), 1, 3); return null; });
        log.step("write(String)", () -> { WriterIo.write(w, "str\uD834"); return null; });
        log.step("write(String) low half", () -> { WriterIo.write(w, "\uDD1Eafter"); return null; });
        log.step("newLine", () -> { WriterIo.newLine(w); return null; });
        log.step("append", () -> WriterIo.append(w, "app") == w);
        log.step("append range", () -> WriterIo.append(w, "0123", 1, 2) == w);
        log.step("flush", () -> { WriterIo.flush(w); return null; });
        log.step("write big char[]", () -> { WriterIo.write(w, "big-\u00fc".repeat(3000).toCharArray()); return null; });
        log.step("write big String", () -> { WriterIo.write(w, "str-\u00fc".repeat(3000)); return null; });
        log.step("osw direct", () -> { WriterIo.write(osw, "direct"); return null; });
        log.step("osw flush", () -> { WriterIo.flush(osw); return null; });
        log.step("osw trailing high surrogate", () -> { WriterIo.write(osw, "end\uD834"); return null; });
        log.step("close", () -> { WriterIo.close(w); return null; });
        log.step("encoding after close", osw::getEncoding);
        log.step("write after close", () -> { WriterIo.write(w, "late"); return null; });
        log.step("flush after close", () -> { WriterIo.flush(w); return null; });
        log.step("osw write after close", () -> { WriterIo.write(osw, 'q'); return null; });
        log.step("close again", () -> { WriterIo.close(w); return null; });
        return log.text.toString();
    }

    @Test
    void bufferedWriterOverOutputStreamWriterAsTheJdks() {
        for (Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.US_ASCII, StandardCharsets.ISO_8859_1)) {
            for (int size : new int[] {1, 5, 8192}) {
                assertSameLog(writersScript(false, cs, size), writersScript(true, cs, size), cs + ", buffer " + size);
            }
        }
    }

    @Test
    void aFailingStreamFailsTheWritersAsTheJdks() {
        String[] logs = new String[2];
        for (int p = 0; p < 2; p++) {
            boolean parking = p == 1;
            Sink sink = parking ? new ParkingSink() : new Sink();
            BufferedWriter w = parking ? WriterIo.newBufferedWriter(WriterIo.newOutputStreamWriter(sink, StandardCharsets.UTF_8))
                    : new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8));
            Log log = new Log(sink);
            log.step("write", () -> { WriterIo.write(w, "kept until the flush"); return null; });
            sink.broken = true;
            log.step("flush(broken)", () -> { WriterIo.flush(w); return null; });
            log.step("close(broken)", () -> { WriterIo.close(w); return null; });
            log.step("write after close", () -> { WriterIo.write(w, "x"); return null; });
            logs[p] = log.text.toString();
        }
        assertSameLog(logs[0], logs[1], "");
    }

    // ---------------------------------------------------------------- BufferedOutputStream, DataOutputStream

    private static String bufferedStreamScript(boolean parking, int size) {
        Sink sink = parking ? new ParkingSink() : new Sink();
        BufferedOutputStream b = parking ? OutputIo.newBufferedOutputStream(sink, size) : new BufferedOutputStream(sink, size);
        Log log = new Log(sink);
        log.step("class", () -> parking == b instanceof ParkingBufferedOutputStream);
        log.step("write(int)", () -> { OutputIo.write(b, 0x1FF); return null; });
        log.step("write(byte[])", () -> { OutputIo.write(b, new byte[] {1, 2, 3}); return null; });
        log.step("write(byte[], off, len)", () -> { OutputIo.write(b, new byte[] {4, 5, 6, 7}, 1, 2); return null; });
        log.step("write(bad range)", () -> { OutputIo.write(b, new byte[2], 1, 2); return null; });
        log.step("write(big)", () -> { OutputIo.write(b, new byte[size + 3]); return null; });
        log.step("write(int) after big", () -> { OutputIo.write(b, 9); return null; });
        log.step("flush", () -> { OutputIo.flush(b); return null; });
        log.step("write before failure", () -> { OutputIo.write(b, 42); return null; });
        sink.broken = true;
        log.step("close(broken)", () -> { OutputIo.close(b); return null; });
        sink.broken = false;
        log.step("close again", () -> { OutputIo.close(b); return null; });
        return log.text.toString();
    }

    /** Over the sink itself: how the JDK chunks its writes (which changed between JDK 17 and 25) cannot show. */
    private static String dataStreamScript(boolean parking) {
        Sink sink = parking ? new ParkingSink() : new Sink();
        DataOutputStream d = parking ? OutputIo.newDataOutputStream(sink) : new DataOutputStream(sink);
        Log log = new Log(sink);
        log.step("class", () -> parking == d instanceof ParkingDataOutputStream);
        log.step("write(int)", () -> { OutputIo.write(d, 0x1FF); return d.size(); });
        log.step("write(byte[], off, len)", () -> { OutputIo.write(d, new byte[] {4, 5, 6, 7}, 1, 2); return d.size(); });
        log.step("writeBoolean", () -> { OutputIo.writeBoolean(d, true); return d.size(); });
        log.step("writeByte", () -> { OutputIo.writeByte(d, -2); return d.size(); });
        log.step("writeShort", () -> { OutputIo.writeShort(d, 0x12345); return d.size(); });
        log.step("writeChar", () -> { OutputIo.writeChar(d, '\u20ac'); return d.size(); });
        log.step("writeInt", () -> { OutputIo.writeInt(d, 0xCAFEBABE); return d.size(); });
        log.step("writeLong", () -> { OutputIo.writeLong(d, 0x0102030405060708L); return d.size(); });
        log.step("writeFloat", () -> { OutputIo.writeFloat(d, Float.NaN); return d.size(); });
        log.step("writeDouble", () -> { OutputIo.writeDouble(d, -0.0); return d.size(); });
        log.step("writeBytes", () -> { OutputIo.writeBytes(d, "b\u0101"); return d.size(); });
        log.step("writeChars", () -> { OutputIo.writeChars(d, "c\u0101"); return d.size(); });
        log.step("writeUTF", () -> { OutputIo.writeUTF(d, "u\u0000\u00e9\u20ac\uD834\uDD1E"); return d.size(); });
        log.step("writeUTF too long", () -> { OutputIo.writeUTF(d, "\u20ac".repeat(30_000)); return d.size(); });
        log.step("flush", () -> { OutputIo.flush(d); return d.size(); });
        sink.broken = true;
        log.step("writeInt(broken)", () -> { OutputIo.writeInt(d, 1); return d.size(); });
        log.step("close(broken)", () -> { OutputIo.close(d); return null; });
        sink.broken = false;
        log.step("close again", () -> { OutputIo.close(d); return null; });
        return log.text.toString();
    }

    @Test
    void bufferedAndDataOutputStreamsAsTheJdks() {
        for (int size : new int[] {1, 4, 16, 8192}) {
            assertSameLog(bufferedStreamScript(false, size), bufferedStreamScript(true, size), "buffer " + size);
        }
        assertSameLog(dataStreamScript(false), dataStreamScript(true), "DataOutputStream");
    }
}
