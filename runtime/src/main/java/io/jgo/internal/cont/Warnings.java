package io.jgo.internal.cont;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runtime warnings, printed to stderr once per key (stdout belongs to the application). Printed on a
 * stack of their own ({@link AsideStack}): many are found in the middle of a suspension, and the
 * stream behind {@code System.err} may be rewritten application code.
 */
public final class Warnings {

    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private Warnings() {
    }

    public static void once(String key, String message) {
        if (SEEN.add(key)) {
            print("jgo: warning: " + message);
        }
    }

    /** As {@link #once(String, String)}, building the message only the first time (it may walk the stack). */
    public static void once(String key, java.util.function.Supplier<String> message) {
        if (SEEN.add(key)) {
            print("jgo: warning: " + message.get());
        }
    }

    public static void always(String message) {
        print("jgo: warning: " + message);
    }

    /** Something normal that a reader may still want to know (not a warning: nothing needs fixing). */
    public static void note(String message) {
        print("jgo: note: " + message);
    }

    private static void print(String line) {
        AsideStack.run(() -> System.err.println(line));
    }
}
