package io.jgo.internal.cont;

import java.lang.StackWalker.StackFrame;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names for the method ids and call sites found in saved records, so a dump can show an unwound
 * goroutine's logical stack and an exception handed across frames g0 re-entered alone can carry
 * it. Learned by {@link Adjacency} the first time a frame suspends (it walks the real stack then
 * anyway): the caller frame is at its call instruction, so its line is the line of the call site;
 * a leaf primitive (hand-written, as {@code Chan.recv}) is where it suspends, its own line, as Go
 * shows {@code runtime.chanrecv1} at {@code chan.go:442}; a frame preempted at its prologue or a loop
 * head stands in that poll's out-of-line block, which the rewrite gives the line of the method's
 * start or of the loop head ({@link Adjacency#learnPreempted}).
 * Thread-safe.
 */
public final class FrameNames {

    private static final Map<Integer, String> METHODS = new ConcurrentHashMap<>();
    private static final Map<Long, StackTraceElement> SITES = new ConcurrentHashMap<>();

    private FrameNames() {
    }

    /** Records what {@code frame} (whose method id is {@code id}) is; {@code site} > 0 when it stands at the call site or leaf suspension with that label. */
    static void learn(int id, StackFrame frame, int site) {
        METHODS.putIfAbsent(id, frame.getClassName() + "." + frame.getMethodName());
        if (site > 0) {
            SITES.putIfAbsent(key(id, site), frame.toStackTraceElement());
        }
    }

    /** Is the position of the record of method {@code id} with {@code label} known? */
    static boolean knows(int id, int label) {
        return SITES.containsKey(key(id, label));
    }

    /** The method's name if a frame of it ever suspended, else its id. */
    public static String method(int id) {
        return METHODS.getOrDefault(id, "<method " + Integer.toHexString(id) + ">");
    }

    static String describe(int id, int label) {
        StackTraceElement where = SITES.get(key(id, label));
        return method(id) + "(" + (where == null ? "suspended" : where.getFileName() + ":" + where.getLineNumber()) + ")";
    }

    /** The frame as a stack-trace element: with file and line when the call site is known. */
    static StackTraceElement element(int id, int label) {
        StackTraceElement where = SITES.get(key(id, label));
        if (where != null) {
            return where;
        }
        String name = method(id);
        int dot = name.lastIndexOf('.');
        return new StackTraceElement(dot < 0 ? "?" : name.substring(0, dot), name.substring(dot + 1), null, -1);
    }

    private static long key(int id, int site) {
        return (long) id << 32 | (site & 0xFFFFFFFFL);
    }
}
