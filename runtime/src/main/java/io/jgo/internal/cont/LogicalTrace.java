package io.jgo.internal.cont;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stack-trace recovery for exceptions that leave a frame g0 re-entered alone (see {@link Entry}):
 * on the thread, that frame's caller is g0's resume entry, but logically it is the saved frame g0
 * hands the exception to. Before the first hand-off, the elements from the resume entry down to
 * g0's loop are replaced by the saved frames (class, method, file and line of the call that
 * suspended), so the trace reads as if every frame had been on the thread, as kotlinx.coroutines'
 * recovery does. Later hand-offs find no resume entry in the trace and leave it alone.
 */
final class LogicalTrace {

    private LogicalTrace() {
    }

    /**
     * Recovers {@code t}'s logical trace, unless it is {@code recovered}: the exception this resume
     * recovered last (see {@link Entry#run}, which keeps it across its hand-offs). The same exception
     * is handed down every saved frame in turn: recovered once, it is left alone without reading its
     * trace again (which grows by the saved depth: reading it per frame made a StackOverflowError
     * passing through tens of thousands of saved frames quadratic). One that a later resume meets
     * again is read once more and found recovered (its trace has no resume entry left).
     */
    static Throwable recover(Throwable t, Records s, Throwable recovered) {
        if (recovered == t) {
            return t;
        }
        StackTraceElement[] st = t.getStackTrace();
        int cut = 0;
        while (cut < st.length && !st[cut].getMethodName().equals(Entry.RESUME_ENTRY)) { // not $jgo$resumer, the getter
            cut++;
        }
        if (cut == st.length) {
            return t; // recovered already, or no trace (writableStackTrace false)
        }
        int bottom = cut;
        while (bottom < st.length && !(st[bottom].getClassName().equals(Entry.class.getName()) && st[bottom].getMethodName().equals("run"))) {
            bottom++;
        }
        List<StackTraceElement> logical = new ArrayList<>(st.length + s.depth());
        logical.addAll(Arrays.asList(st).subList(0, cut));
        logical.addAll(Arrays.asList(SavedFrames.trace(s)));
        logical.addAll(Arrays.asList(st).subList(bottom, st.length));
        t.setStackTrace(logical.toArray(new StackTraceElement[0]));
        return t;
    }
}
