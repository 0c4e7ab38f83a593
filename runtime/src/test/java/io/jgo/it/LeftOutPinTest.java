package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.it.leftout.app.App;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pin in a class the agent's {@code include=} or {@code exclude=} leaves as written names that
 * option and says to change it: annotating the method, the usual fix, cannot help there (it is
 * annotated already). Each run is a fresh JVM with the agent and the option.
 */
@Timeout(120)
class LeftOutPinTest {

    private static final String FRAME = "cannot unwind into io.jgo.it.leftout.lib.Helper.pause (Helper.java:";

    @TempDir
    Path dir;

    @Test
    void aPinInAClassLeftOutByIncludeNamesTheOption() throws Exception {
        String err = run("include=io.jgo.it.leftout.app");
        assertTrue(err.lines().anyMatch(l -> l.contains(FRAME)
                && l.contains(": io.jgo.it.leftout.lib.Helper is left out of the rewrite by the agent's include=io.jgo.it.leftout.app;")
                && l.contains("Fix: add io.jgo.it.leftout.lib to the agent's include=")), err);
        assertFalse(err.contains("Fix: annotate"), "the method is annotated already:\n" + err);
    }

    @Test
    void aPinInAClassLeftOutByExcludeNamesTheOption() throws Exception {
        String err = run("exclude=io.jgo.it.leftout.lib");
        assertTrue(err.lines().anyMatch(l -> l.contains(FRAME)
                && l.contains(": io.jgo.it.leftout.lib.Helper is left out of the rewrite by the agent's exclude=io.jgo.it.leftout.lib;")
                && l.contains("Fix: take io.jgo.it.leftout.lib out of the agent's exclude=")), err);
    }

    /** The program's stderr; it must run to its end (a pin is correct, only slower). */
    private String run(String agentOption) throws Exception {
        List<String> agent = Forked.agent();
        assertEquals(1, agent.size(), "the tests run with the agent");
        Forked.Result r = Forked.run(dir, List.of(agent.get(0) + "=" + agentOption), App.class);
        assertEquals(0, r.exit(), r.toString());
        assertEquals("done\n", r.stdout(), r.toString());
        return r.stderr();
    }
}
