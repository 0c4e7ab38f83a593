package org.example.ctorlib;

import io.jgo.Chan;
import io.jgo.Go;

/** Waits after a this(...) call: not split, so a suspension there pins as before. */
public class DelegatingSession {

    private int value;

    public DelegatingSession(Chan<Integer> server) {
        this(0);
        Go.gosched();
        this.value = server.recv();
    }

    private DelegatingSession(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }
}
