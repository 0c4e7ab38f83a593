package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jgo.Go;
import io.jgo.internal.Stack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * The harness the callback pin tests share: run a program as a main goroutine with the runtime's
 * warnings captured, and (for {@link #run}) fail unless no suspension pinned and no warning says
 * "pinned", showing what was printed.
 */
final class Unpinned {

    /** What a program returned and what the runtime printed on stderr meanwhile. */
    record Captured(String result, String err, long pins) {
    }

    private Unpinned() {
    }

    /** {@code program}'s result; fails if any suspension in it pinned a carrier or a warning said so. */
    static String run(Supplier<String> program) {
        Captured c = capture(program);
        assertEquals(0, c.pins(), c.err());
        assertFalse(c.err().contains("pinned"), c.err());
        return c.result();
    }

    /** Runs {@code program} in {@code Go.run} with {@code System.err} captured; pins counted process-wide. */
    static Captured capture(Supplier<String> program) {
        String[] result = new String[1];
        long before = Stack.pinCount();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            Go.run(() -> result[0] = program.get());
        } finally {
            System.setErr(saved);
        }
        return new Captured(result[0], err.toString(), Stack.pinCount() - before);
    }
}
