package io.jgo.it.net;

import io.jgo.Goroutine;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A goroutine body that may throw an IOException (the network calls declare it). */
@FunctionalInterface
interface IoBody {

    @Goroutine
    void run() throws IOException;

    /** As a Runnable for {@code Go.go}: an IOException escapes as an UncheckedIOException (a panic). */
    static Runnable io(IoBody b) {
        return () -> {
            try {
                b.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }
}
