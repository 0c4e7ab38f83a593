package io.jgo.internal.callback;

import java.util.function.Consumer;

/**
 * Where a spliterator's {@code tryAdvance} leaves the element it advanced over, so the element is
 * then pushed by rewritten code rather than from inside the spliterator's (the JDK's) frame.
 */
final class Slot implements Consumer<Object> {

    private Object value;

    @Override
    public void accept(Object t) {
        value = t;
    }

    /** The element advanced over, which the slot then forgets. */
    Object take() {
        Object t = value;
        value = null;
        return t;
    }
}
