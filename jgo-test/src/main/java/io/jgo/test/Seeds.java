package io.jgo.test;

import java.lang.reflect.Method;

/** Which seeds a {@link GoTest} runs under: 1 to {@code seeds()}, or the one {@code -Djgo.test.seed=N} names. */
final class Seeds {

    /** The system property that replays one seed. */
    static final String PROPERTY = "jgo.test.seed";

    private Seeds() {
    }

    static long[] toRun(int seeds, Method method) {
        String replay = System.getProperty(PROPERTY);
        if (replay != null && !replay.isBlank()) {
            try {
                return new long[] {Long.parseLong(replay.trim())};
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + replay + " is not a seed: give a whole number,"
                        + " as a failing @GoTest prints it (seed=N)", e);
            }
        }
        if (seeds < 1) {
            throw new IllegalArgumentException("@GoTest(seeds = " + seeds + ") on " + method.getDeclaringClass().getName()
                    + "." + method.getName() + ": seeds must be at least 1");
        }
        long[] all = new long[seeds];
        for (int i = 0; i < seeds; i++) {
            all[i] = i + 1;
        }
        return all;
    }

    /** How to run the failing seed again, for the failure message. */
    static String replayHint(long seed) {
        return System.getProperty(PROPERTY) != null ? "" : "; run it again with -D" + PROPERTY + "=" + seed;
    }
}
