package io.jgo.internal.sched;

/**
 * Go's {@code created by F in goroutine N} line of a dump: who started a goroutine. The spawning
 * goroutine's id is always kept (one field write in {@code newproc}). The go statement's own frame
 * costs a stack walk, too much for a spawn measured in nanoseconds, so it is recorded only under
 * {@code -Djgo.tracebackancestors} (named after Go's {@code GODEBUG=tracebackancestors}); without
 * it the dump names the class of the goroutine's body (for a lambda, the class that wrote it).
 */
final class CreatedBy {

    private static final StackWalker WALKER = StackWalker.getInstance();

    private CreatedBy() {
    }

    /** The frame that called {@code Go.go} (or a runtime primitive that spawns): the first outside the runtime's machinery. */
    static StackTraceElement site() {
        return WALKER.walk(s -> s.filter(f -> !isMachinery(f.getClassName(), f.getMethodName())).findFirst()
                .map(StackWalker.StackFrame::toStackTraceElement).orElse(null));
    }

    private static boolean isMachinery(String c, String method) {
        return c.startsWith("io.jgo.internal.") || c.equals("io.jgo.Go") || method.startsWith("$jgo$");
    }

    /** Appends the two lines (one when the site was not recorded) for {@code g}; nothing for main. */
    static void append(StringBuilder b, G g) {
        if (g.main) {
            return;
        }
        StackTraceElement at = g.createdAt;
        Runnable body = g.body;
        b.append("created by ");
        if (at != null) {
            b.append(at.getClassName()).append('.').append(at.getMethodName());
        } else {
            b.append(body == null ? "?" : bodyClass(body.getClass()));
        }
        if (g.parentId != 0) {
            b.append(" in goroutine ").append(g.parentId);
        }
        b.append('\n');
        if (at != null) {
            b.append('\t').append(at.getFileName() == null ? "?" : at.getFileName()).append(':')
                    .append(Math.max(0, at.getLineNumber())).append('\n');
        }
    }

    /** A lambda's class is hidden and named {@code Host$$Lambda...}: its host wrote the go statement's body. */
    private static String bodyClass(Class<?> c) {
        String n = c.getName();
        int lambda = n.indexOf("$$Lambda");
        return lambda < 0 ? n + ".run" : n.substring(0, lambda);
    }
}
