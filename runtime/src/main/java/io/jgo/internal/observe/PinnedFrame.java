package io.jgo.internal.observe;

import java.util.Optional;

/**
 * The frame that pinned a goroutine: the innermost frame on the carrier's stack that is not jgo's
 * (neither {@code io.jgo.internal} nor the public API classes of package {@code io.jgo}). That is
 * the frame that called a blocking primitive without being rewritten, or held a monitor across the
 * call. Walked only when a pinned event is committed.
 */
final class PinnedFrame {

    private static final StackWalker WALKER = StackWalker.getInstance();

    private PinnedFrame() {
    }

    static String find() {
        Optional<StackWalker.StackFrame> f = WALKER.walk(s -> s.filter(x -> !isJgo(x.getClassName())).findFirst());
        return f.map(x -> x.getClassName() + "." + x.getMethodName() + "(" + x.getFileName() + ":" + x.getLineNumber() + ")")
                .orElse("?");
    }

    /** jgo's own classes: io.jgo.internal.* and io.jgo.X, but not the user's io.jgo.sub.X (samples, tests). */
    static boolean isJgo(String className) {
        if (className.startsWith("io.jgo.internal.")) {
            return true;
        }
        return className.startsWith("io.jgo.") && className.indexOf('.', "io.jgo.".length()) < 0;
    }
}
