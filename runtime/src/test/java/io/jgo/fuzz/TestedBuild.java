package io.jgo.fuzz;

import io.jgo.instrument.Instrumenter;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks that the rewrite under test is this source tree's: the {@link Instrumenter} on the test
 * class path (the build-time path) and the {@code -javaagent} jar (the agent path). A reactor build
 * without {@code -am} ({@code mvn -pl runtime verify}) resolves both from the local repository,
 * where an earlier {@code mvn install} may have left an old rewrite: its failures (a wide frame's
 * save helper past 255 parameter slots, fixed long since) then look like today's. Checked when the
 * tests run inside the source tree (next to {@code ../instrumenter/target}); elsewhere nothing to
 * compare with. Thread-safe: the answer is computed once, by the class's initialization.
 */
final class TestedBuild {

    private static final String PROBLEM = problem();

    private TestedBuild() {
    }

    /** Throws, naming both places, when the rewrite under test is not this tree's build. */
    static void requireThisTree() {
        if (PROBLEM != null) {
            throw new IllegalStateException(PROBLEM);
        }
    }

    private static String problem() {
        Path tree = Path.of("").toAbsolutePath().getParent();
        if (tree == null || !Files.isDirectory(tree.resolve("instrumenter/target"))) {
            return null;
        }
        Path instrumenter = location();
        if (instrumenter != null && !instrumenter.startsWith(tree.resolve("instrumenter/target"))) {
            return stale("the instrumenter", instrumenter, tree);
        }
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-javaagent:")) {
                String jar = arg.substring("-javaagent:".length()).split("=", 2)[0];
                if (jar.contains("jgo-agent") && !Path.of(jar).toAbsolutePath().startsWith(tree.resolve("agent/target"))) {
                    return stale("the agent", Path.of(jar), tree);
                }
            }
        }
        return null;
    }

    private static Path location() {
        try {
            return Path.of(Instrumenter.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static String stale(String what, Path used, Path tree) {
        return "the tests would run " + what + " from " + used + ", not this tree's build (" + tree
                + "): build the modules they test in the same run, e.g. `mvn -pl runtime -am verify ...` (with -am)";
    }
}
