package io.jgo.internal.callback;

import java.util.Iterator;
import java.util.ListIterator;
import java.util.NoSuchElementException;

/**
 * The JDK's own modification count, read through an iterator made before a callback: the
 * {@code ArrayList}/{@code HashMap} iterators check it before anything else, so asking one for an
 * element afterwards throws {@link ConcurrentModificationException} exactly when the collection was
 * structurally modified meanwhile — the check the JDK's overriding method makes after the callback.
 */
final class Probe {

    private Probe() {
    }

    /** Throws CME if the list behind {@code li} (made at index 0 before the callbacks) was structurally modified since. */
    static void check(ListIterator<?> li) {
        try {
            li.next();
            li.previous();
        } catch (NoSuchElementException empty) {
            // checked the count first; the list is empty and was not modified
        }
    }

    /** Same for a {@code HashMap}/{@code LinkedHashMap} iterator: its {@code next()} checks the count first. */
    static void check(Iterator<?> it) {
        try {
            it.next();
        } catch (NoSuchElementException empty) {
            // checked the count first; the map is empty and was not modified
        }
    }

    /** A list iterator at the end of a walk: {@code previous()} checks the count first. */
    static void checkAtEnd(ListIterator<?> li) {
        if (li.hasPrevious()) {
            li.previous();
        }
    }

    /**
     * Counts one structural modification of {@code list} without changing it, as
     * {@code ArrayList.sort} and {@code replaceAll} do when they end (so an iterator made before
     * them fails): clearing an empty sub-list removes an empty range, which counts.
     */
    static void bump(java.util.ArrayList<?> list) {
        list.subList(0, 0).clear();
    }
}
