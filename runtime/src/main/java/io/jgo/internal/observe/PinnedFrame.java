package io.jgo.internal.observe;

import java.util.Optional;

/**
 * The frame that pinned a goroutine: the innermost frame on the carrier's stack that is not jgo's
 * (neither {@code io.jgo.internal} nor the public API classes of package {@code io.jgo}). That is
 * the frame that called a blocking primitive without being rewritten, or held a monitor across the
 * call. A rewritten frame that pinned in its save helper ({@code $jgo$save$N}) could not unwind
 * into its caller: that caller is named, at the line of its call. Walked only when a pinned event
 * is committed.
 */
final class PinnedFrame {

    private static final StackWalker WALKER = StackWalker.getInstance();
    /** The rewrite's synthetic save helpers ({@code $jgo$save$N}, line -1): never the frame to name. */
    private static final String SAVE_HELPER_PREFIX = "$jgo$save$";

    private PinnedFrame() {
    }

    static String find() {
        Optional<StackWalker.StackFrame> f = WALKER.walk(s -> {
            boolean skipNext = false;
            for (java.util.Iterator<StackWalker.StackFrame> it = s.iterator(); it.hasNext(); ) {
                StackWalker.StackFrame x = it.next();
                if (x.getMethodName().startsWith(SAVE_HELPER_PREFIX)) {
                    skipNext = true; // the rewritten frame pinned in its save helper: its caller did not let it unwind
                } else if (skipNext) {
                    skipNext = false;
                } else if (!isJgo(x.getClassName())) {
                    return Optional.of(x);
                }
            }
            return Optional.empty();
        });
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
