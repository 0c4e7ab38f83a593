package org.example.ctorlib;

import io.jgo.Chan;
import io.jgo.Go;

/** Opens a "session" in its constructor, as a JDBC driver's connection does: it waits for a value after super(). */
public class Session {

    private final String name;
    private final int value;

    public Session(Chan<Integer> server, String name) {
        this.name = name;
        Go.gosched(); // always suspends (a receive may find a sender waiting and not park)
        int v = server.recv();
        if (v < 0) {
            throw new IllegalArgumentException("refused: " + name);
        }
        this.value = v;
    }

    public String name() {
        return name;
    }

    public int value() {
        return value;
    }
}
