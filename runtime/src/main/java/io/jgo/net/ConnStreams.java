package io.jgo.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/** The stream views of a {@link Conn}: reads and writes that wait in place ({@link InPlace}). */
final class ConnStreams {

    private ConnStreams() {
    }

    static final class In extends InputStream {
        private final Conn c;

        In(Conn c) {
            this.c = c;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            return c.readInPlace(ByteBuffer.wrap(b, off, len));
        }

        /** Closes the whole connection, as a {@code Socket}'s input stream does. */
        @Override
        public void close() throws IOException {
            c.close();
        }
    }

    static final class Out extends OutputStream {
        private final Conn c;

        Out(Conn c) {
            this.c = c;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            c.writeInPlace(ByteBuffer.wrap(b, off, len));
        }

        /** Shuts the output down; the connection stays open for reading. */
        @Override
        public void close() throws IOException {
            if (!c.pd.isClosing()) {
                c.closeWrite();
            }
        }
    }
}
