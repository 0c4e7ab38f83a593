package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.example.selfcheck.SelfCalls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input for {@code suspendable=}: a library that calls its own private methods through
 * {@code MethodHandles} (static and virtual) and reflection, with a callback that suspends, and
 * that lists its own fields and methods ({@link SelfCalls}). Rewritten by the agent with its
 * package suspendable, under stress at every call, it must compute and describe exactly what it
 * does unrewritten: the handles and reflection still find the private methods (the rewrite keeps
 * their names and descriptors), a suspension that reaches the JDK's invoker frames pins rather
 * than unwinds through them, saying why (reason: reflection, and no fix that names a JDK frame), and
 * what the rewrite adds to the class is synthetic.
 */
@Timeout(120)
class SelfCallingLibraryTest {

    /** The application: goroutine code handing a suspending callback to the library. */
    public static final class App {
        public static void main(String[] args) {
            System.out.println(compute());
        }

        static String compute() {
            String[] out = new String[1];
            Go.run(() -> out[0] = body());
            return out[0];
        }

        @Goroutine
        static String body() {
            try {
                SelfCalls lib = new SelfCalls(7);
                int handles = lib.viaHandles(x -> {
                    Go.sleep(Duration.ofMillis(1));
                    return x * 3;
                }, 2);
                int reflected = SelfCalls.viaReflection(x -> {
                    Go.gosched();
                    return x + 5;
                }, 4);
                return "handles=" + handles + " reflection=" + reflected + " " + SelfCalls.describe();
            } catch (Throwable t) {
                return "failed: " + t;
            }
        }
    }

    @Test
    void rewrittenSuspendableUnderStressItComputesAndDescribesItselfAsItDoesPlain(@TempDir Path dir) throws Exception {
        String plain = App.compute(); // in this JVM the agent has no suspendable=: the library is as written
        assertEquals("handles=18013 reflection=14 fields=[offset] methods=[describe, plusOffset, twice, viaHandles, viaReflection]",
                plain);

        Forked.Result run = Forked.run(dir, List.of(Forked.agent().get(0)
                + "=suspendable=org.example.selfcheck,stress=1.0,verbose", "-Djgo.stress.seed=3", "-Djgo.pinReport"), App.class);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.stderr().contains("jgo: rewrote org.example.selfcheck.SelfCalls"), "the library must be rewritten:\n" + run);
        assertEquals(plain, run.stdout().trim(), "rewritten, the library must behave as written:\n" + run);
        assertFalse(run.stderr().contains("Exception"), run.toString());
        // A suspension in a method reached through a handle or Method.invoke pins, and says why.
        assertTrue(run.stderr().contains("cannot unwind into jdk.internal.reflect.")
                && run.stderr().contains("which is not a rewritten @Goroutine call site; reason: reflection ("), run.toString());
        assertTrue(run.stderr().contains("cannot unwind into java.lang.invoke."), run.toString());
        assertFalse(run.stderr().contains("Fix: annotate java.lang.invoke.") || run.stderr().contains("Fix: annotate jdk.internal."),
                "no fix that cannot be applied:\n" + run);
        assertTrue(run.stderr().matches("(?s).*\\d+  jdk\\.internal\\.reflect\\.\\S+ \\(\\S+\\) \\[reflection\\].*"),
                "the pin report tags the invoker:\n" + run);
    }
}
