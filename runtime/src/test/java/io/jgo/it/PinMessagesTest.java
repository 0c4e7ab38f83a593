package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.it.pinmessages.PinMessagesApp;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pin warning gives a fix the user can apply: not "annotate it" for a method that is annotated but
 * was never rewritten, nor for a lambda when the interface method it implements is what is not
 * {@code @Goroutine}, nor for a JDK frame. Each run is a fresh JVM.
 */
@Timeout(120)
class PinMessagesTest {

    private static final String APP = "io.jgo.it.pinmessages.PinMessagesApp";

    @TempDir
    Path dir;

    /** An IDE run, or the agent forgotten: the method is annotated; its class is not rewritten. */
    @Test
    void codeRunWithoutTheRewriteSaysSoAndHowToRunIt() throws Exception {
        String err = run(List.of(), "unrewritten");
        assertTrue(err.lines().anyMatch(l -> l.contains("cannot unwind into " + APP + ".work (PinMessagesApp.java:")
                && l.contains("which is @Goroutine, but its class " + APP + " was not rewritten")
                && l.contains("Fix: run with -javaagent:jgo-agent.jar, or rewrite the classes at build time")), err);
        assertFalse(err.contains("Fix: annotate"), "the method is annotated already:\n" + err);
    }

    @Test
    void aPinThroughAnUnannotatedInterfaceMethodNamesThatMethod() throws Exception {
        String err = run(Forked.agent(), "interface");
        assertTrue(err.lines().anyMatch(l -> l.startsWith("jgo: warning: goroutine pinned:")
                && l.contains("it was called through " + APP + "$Work.on, which is not @Goroutine")
                && l.contains("Fix: annotate " + APP + "$Work.on @Goroutine")), err);
        assertFalse(err.contains("Fix: annotate that method"), err);
        assertTrue(err.contains("jgo: pinned 1 time at " + APP + "$Work.on (called from " + APP + ".lambda$"), err);
    }

    @Test
    void aPinInAJdkFrameGivesAFixInTheUsersCode() throws Exception {
        String err = run(Forked.agent(), "jdk");
        assertTrue(err.lines().anyMatch(l -> l.startsWith("jgo: warning: goroutine pinned: java.util.Objects.requireNonNullElseGet")
                && l.contains("Fix: do the suspending work outside it: a plain loop in @Goroutine code")
                && l.contains("the JDK's classes are never rewritten")), err);
        assertFalse(err.contains("Fix: annotate"), "nobody can annotate the JDK:\n" + err);
        assertFalse(err.contains("suspendable=PACKAGE"), "nobody can rewrite the JDK:\n" + err);
    }

    private String run(List<String> jvmArgs, String mode) throws Exception {
        if (!jvmArgs.isEmpty()) {
            assertEquals(1, jvmArgs.size(), "the tests run with the agent");
        }
        Forked.Result r = Forked.run(dir, jvmArgs, PinMessagesApp.class, mode);
        assertEquals(0, r.exit(), r.toString());
        assertEquals("done\n", r.stdout(), r.toString());
        return r.stderr();
    }
}
