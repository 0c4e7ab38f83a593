package io.jgo.internal.sockets;

import java.io.DataInputStream;
import java.io.InputStream;

/**
 * A {@code DataInputStream} over a stream that parks. The JDK's reads are all final, so this class
 * only marks the stream: rewritten code's {@code readInt}, {@code readFully}, ... go to
 * {@link SocketIo}'s stand-ins ({@link DataReads}), which read {@link #source} with parking reads;
 * other callers get the JDK's methods, which read the same source (no buffer of their own, so both
 * kinds of call can be mixed).
 */
final class ParkingDataInputStream extends DataInputStream implements Parks {

    ParkingDataInputStream(InputStream in) {
        super(in);
    }

    /** The stream read ({@code in}, which a subclass could replace). */
    InputStream source() {
        return in;
    }
}
