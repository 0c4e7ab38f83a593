package io.jgo.internal;

import java.lang.StackWalker.StackFrame;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names for the method ids and call sites found in saved records, so a dump can show an unwound
 * goroutine's logical stack. Learned by {@link Adjacency} the first time a frame suspends (it walks
 * the real stack then anyway): the caller frame is at its call instruction, so its line is the line
 * of the call site. Thread-safe.
 */
final class FrameNames {

    private static final Map<Integer, String> METHODS = new ConcurrentHashMap<>();
    private static final Map<Long, String> SITES = new ConcurrentHashMap<>();

    private FrameNames() {
    }

    /** Records what {@code frame} (whose method id is {@code id}) is; {@code site} > 0 when it stands at that call site. */
    static void learn(int id, StackFrame frame, int site) {
        METHODS.putIfAbsent(id, frame.getClassName() + "." + frame.getMethodName());
        if (site > 0) {
            SITES.putIfAbsent(key(id, site), frame.getFileName() + ":" + frame.getLineNumber());
        }
    }

    /** The method's name if a frame of it ever suspended, else its id. */
    static String method(int id) {
        return METHODS.getOrDefault(id, "<method " + Integer.toHexString(id) + ">");
    }

    static String describe(int id, int label) {
        String method = METHODS.getOrDefault(id, "<method " + Integer.toHexString(id) + ">");
        String where = SITES.get(key(id, label));
        return method + "(" + (where == null ? "suspended" : where) + ")";
    }

    private static long key(int id, int site) {
        return (long) id << 32 | (site & 0xFFFFFFFFL);
    }
}
