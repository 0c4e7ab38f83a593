package org.example.selfread;

import java.util.List;
import java.util.function.Consumer;

/** {@link SelfReading} without the look at itself: the control, rewritten as any class of a suspendable package. */
public final class NotSelfReading {

    private NotSelfReading() {
    }

    /** Calls {@code action} on each element: a suspension can reach it through the callback. */
    public static <T> void each(List<T> items, Consumer<T> action) {
        for (T item : items) {
            action.accept(item);
        }
    }
}
