package org.example.cli;

import java.util.List;
import java.util.function.Consumer;

/** Stands for a library in the CLI's {@code --suspendable} tests: one method calls back, one never does. */
public final class Library {

    private Library() {
    }

    /** Calls {@code action} on each element: a suspension can reach it through the callback. */
    public static <T> void each(List<T> items, Consumer<T> action) {
        for (T item : items) {
            action.accept(item);
        }
    }

    /** Calls nothing that could reach goroutine code: never made suspendable. */
    public static int twice(int x) {
        return x * 2;
    }
}
