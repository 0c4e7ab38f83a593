package io.jgo.internal.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The parking decorators against the JDK's over the same bytes: the parking one reads a source that
 * gives the bytes in chunks of random sizes (1 to 7, so a multi-byte char and a {@code \r\n} are
 * split across reads and buffer ends), the JDK's reads them from memory; a script of operations
 * (read, read into an array, readLine, skip, ready, mark/reset, readInt, readFully, readUTF...)
 * gives the same outcome, exception included, on both. Runs on a plain thread: the parking code is
 * the same rewritten code a goroutine runs.
 */
class ParkingDecoratorsDifferentialTest {

    /** A stream that parks (as far as the factories know) and gives its bytes a few at a time. */
    private static final class Chunked extends InputStream implements Parks {
        private final byte[] bytes;
        private final Random sizes;
        private int at;

        Chunked(byte[] bytes, long seed) {
            this.bytes = bytes;
            this.sizes = new Random(seed);
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (at >= bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 1 + sizes.nextInt(7)), bytes.length - at);
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return Math.min(1, bytes.length - at);
        }
    }

    private static final String TEXT = "first line\r\nsecond\rthird\n\nfünf € 𝄞 ✓\r\rlast \u00e9\u00e8 without end";

    @Test
    void linesCharsSkipMarkAndResetAsTheJdksOverAnyChunking() throws Exception {
        for (Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16BE, StandardCharsets.ISO_8859_1)) {
            for (long seed = 0; seed < 60; seed++) {
                compareLines(cs, TEXT, seed);
            }
        }
    }

    /** Every line, then every char, through the parking reader equal the JDK's. */
    private static void compareLines(Charset cs, String text, long seed) throws IOException {
        byte[] bytes = text.getBytes(cs);
        BufferedReader jdk = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), cs), 3);
        BufferedReader mine = SocketIo.newBufferedReader(SocketIo.newInputStreamReader(new Chunked(bytes, seed), cs), 3);
        Random r = new Random(seed);
        StringBuilder expected = new StringBuilder();
        StringBuilder got = new StringBuilder();
        while (true) {
            int op = r.nextInt(6);
            int arg = r.nextInt(8);
            String e = step(op, jdk, arg);
            expected.append(e).append('|');
            got.append(step(op, mine, arg)).append('|');
            if ("END".equals(e)) {
                break;
            }
        }
        assertEquals(expected.toString(), got.toString(), "seed " + seed + " " + cs);
    }

    /** One step on {@code b}: its outcome (exception included) as text. */
    private static String step(int op, BufferedReader b, int a) {
        try {
            switch (op) {
                case 0: {
                    String line = b.readLine();
                    return line == null ? "END" : "line " + line;
                }
                case 1: {
                    int c = b.read();
                    return c < 0 ? "END" : "char " + (char) c;
                }
                case 2: {
                    StringBuilder s = new StringBuilder();
                    int want = a + 1;
                    char[] c = new char[want];
                    while (s.length() < want) { // exact reads: a read may return fewer
                        int n = b.read(c, 0, want - s.length());
                        if (n < 0) {
                            return s.length() == 0 ? "END" : "chars " + s;
                        }
                        s.append(c, 0, n);
                    }
                    return "chars " + s;
                }
                case 3:
                    return "skip " + b.skip(a);
                case 4:
                    // Past its limit a mark "may" be dropped (the JDK's contract): when is the
                    // implementation's, so the limit here is never reached; "Stream not marked" is compared.
                    b.mark(1000);
                    return "mark";
                default:
                    b.reset();
                    return "reset";
            }
        } catch (IOException | RuntimeException e) {
            return e.getClass().getSimpleName() + " " + e.getMessage();
        }
    }

    @Test
    void aMalformedOrTruncatedSequenceIsReplacedAsTheJdkDoes() throws Exception {
        byte[] bad = {'a', (byte) 0xC3, 'b', (byte) 0xE2, (byte) 0x82, '\n', 'c', (byte) 0xF0, (byte) 0x9D};
        for (long seed = 0; seed < 20; seed++) {
            assertEquals(readAll(new InputStreamReader(new ByteArrayInputStream(bad), StandardCharsets.UTF_8)),
                    readAll(SocketIo.newInputStreamReader(new Chunked(bad, seed), StandardCharsets.UTF_8)), "seed " + seed);
        }
    }

    private static String readAll(Reader r) throws IOException {
        StringBuilder s = new StringBuilder();
        int c;
        while ((c = r.read()) >= 0) {
            s.append((char) c);
        }
        return s.toString();
    }

    @Test
    void dataReadsAsTheJdksOverAnyChunking() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(bytes);
        out.writeInt(-123456789);
        out.writeUTF("héllo 𝄞 wörld");
        out.writeLong(Long.MIN_VALUE + 42);
        out.writeShort(-2);
        out.writeChar('€');
        out.writeBoolean(true);
        out.write(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        out.writeByte(-7);
        out.writeShort(3); // a truncated readInt follows: EOFException
        byte[] data = bytes.toByteArray();
        for (long seed = 0; seed < 40; seed++) {
            DataInputStream jdk = new DataInputStream(new ByteArrayInputStream(data));
            DataInputStream mine = SocketIo.newDataInputStream(seed % 2 == 0 ? new Chunked(data, seed)
                    : SocketIo.newBufferedInputStream(new Chunked(data, seed), 5));
            assertEquals(ParkingDataInputStream.class, mine.getClass());
            assertEquals(dataScript(jdk), dataScript(mine), "seed " + seed);
        }
    }

    /** The reads, through SocketIo's stand-ins (as rewritten code calls them); the JDK stream takes its own path there. */
    private static String dataScript(DataInputStream in) {
        StringBuilder s = new StringBuilder();
        try {
            s.append(SocketIo.readInt(in)).append(',');
            s.append(SocketIo.readUTF(in)).append(',');
            s.append(SocketIo.readLong(in)).append(',');
            s.append(SocketIo.readShort(in)).append(',');
            s.append(SocketIo.readChar(in)).append(',');
            s.append(SocketIo.readBoolean(in)).append(',');
            byte[] b = new byte[4];
            SocketIo.readFully(in, b);
            s.append(java.util.Arrays.toString(b)).append(',');
            SocketIo.readFully(in, b, 1, 2);
            s.append(java.util.Arrays.toString(b)).append(',');
            s.append(SocketIo.read(in)).append(',');
            s.append(SocketIo.read(in, new byte[1])).append(',');
            s.append(SocketIo.readByte(in)).append(',');
            s.append(SocketIo.readInt(in)).append(',');
        } catch (IOException e) {
            s.append(e.getClass().getSimpleName());
        }
        return s.toString();
    }

    @Test
    void bufferedStreamMarkResetSkipAndEndAsTheJdks() throws Exception {
        byte[] data = new byte[300];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        for (long seed = 0; seed < 40; seed++) {
            BufferedInputStream jdk = new BufferedInputStream(new ByteArrayInputStream(data), 16);
            BufferedInputStream mine = SocketIo.newBufferedInputStream(new Chunked(data, seed), 16);
            assertEquals(ParkingBufferedInputStream.class, mine.getClass());
            Random r = new Random(seed);
            StringBuilder e = new StringBuilder();
            StringBuilder g = new StringBuilder();
            for (int i = 0; i < 120; i++) {
                int op = r.nextInt(5);
                int arg = 1 + r.nextInt(10);
                e.append(streamStep(op, jdk, arg)).append('|');
                g.append(streamStep(op, mine, arg)).append('|');
            }
            assertEquals(e.toString(), g.toString(), "seed " + seed);
        }
    }

    private static String streamStep(int op, BufferedInputStream in, int arg) {
        try {
            switch (op) {
                case 0:
                    return "byte " + SocketIo.read(in);
                case 1: {
                    byte[] b = new byte[arg];
                    int got = 0;
                    while (got < arg) { // exact reads: a read may return fewer
                        int n = SocketIo.read(in, b, got, arg - got);
                        if (n < 0) {
                            break;
                        }
                        got += n;
                    }
                    return got + " " + java.util.Arrays.toString(java.util.Arrays.copyOf(b, got));
                }
                case 2:
                    in.mark(1000); // never reached: when a mark past its limit is dropped is the implementation's
                    return "mark";
                case 3:
                    in.reset();
                    return "reset";
                default: {
                    long total = 0;
                    while (total < arg) { // skip may skip fewer
                        long n = in.skip(arg - total);
                        if (n <= 0) {
                            break;
                        }
                        total += n;
                    }
                    return "skip " + total;
                }
            }
        } catch (IOException e) {
            return e.getClass().getSimpleName() + " " + e.getMessage();
        }
    }

    @Test
    void overAStreamThatDoesNotParkTheFactoriesGiveTheJdksOwnClasses() {
        InputStream plain = new ByteArrayInputStream(new byte[0]);
        assertEquals(InputStreamReader.class, SocketIo.newInputStreamReader(plain, StandardCharsets.UTF_8).getClass());
        assertEquals(BufferedReader.class, SocketIo.newBufferedReader(new InputStreamReader(plain)).getClass());
        assertEquals(DataInputStream.class, SocketIo.newDataInputStream(plain).getClass());
        assertEquals(BufferedInputStream.class, SocketIo.newBufferedInputStream(plain).getClass());
    }
}
