package io.jgo.internal.callback;

import java.util.stream.Stream;

/**
 * What the running JDK's {@code count()} and {@code toArray()} know about a pipeline's size
 * without evaluating it, which differs between JDK releases (since JDK 17 {@code skip} and
 * {@code limit} keep a known size; later releases clamp a skip beyond the size at zero instead of
 * giving up). Each fact is learned once by asking the JDK itself, with a {@code peek} that records
 * whether the pipeline ran, so {@link SequentialStream} agrees with the JDK it runs on.
 */
final class JdkStreamFacts {

    /** Does a slice ({@code skip}, {@code limit}) keep the pipeline's size known? */
    static final boolean SLICE_KEEPS_SIZE = !evaluates(Stream.of(1, 2).peek(JdkStreamFacts::mark).limit(1));
    /** Is a skip beyond a known size 0 elements (rather than an unknown size)? */
    static final boolean SKIP_CLAMPS = SLICE_KEEPS_SIZE && !evaluates(Stream.of(1).peek(JdkStreamFacts::mark).skip(2));

    private static boolean ran;

    private JdkStreamFacts() {
    }

    private static void mark(Object ignored) {
        ran = true;
    }

    /** Did {@code count()} run the pipeline? Runs during class initialization, on one thread. */
    private static boolean evaluates(Stream<Integer> s) {
        ran = false;
        s.count();
        return ran;
    }

    /** The size after a slice of {@code size} elements (-1: unknown), as the JDK computes it. */
    static long sliceSize(long size, long skip, long limit) {
        if (size < 0) {
            return -1;
        }
        return SKIP_CLAMPS ? Math.max(0, Math.min(size - skip, limit)) : Math.max(-1, Math.min(size - skip, limit));
    }
}
