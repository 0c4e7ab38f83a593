package org.example.selfread;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.Consumer;

/** Stands for a library that checks its own bytecode: it reads its own class file, and takes a callback. */
public final class SelfReading {

    private SelfReading() {
    }

    /** The size of this class's own class file, as a checksum of itself would read it. */
    public static int ownSize() throws IOException {
        try (InputStream in = SelfReading.class.getResourceAsStream("SelfReading.class")) {
            return in.readAllBytes().length;
        }
    }

    /** Calls {@code action} on each element: a suspension can reach it through the callback. */
    public static <T> void each(List<T> items, Consumer<T> action) {
        for (T item : items) {
            action.accept(item);
        }
    }
}
