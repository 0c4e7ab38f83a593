package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -Djgo.pinReport}: a program that pins repeatedly at two JDK frames (collections whose own
 * {@code forEach} the runtime's helpers leave to them, so a suspending action pins inside) prints,
 * when it exits, both frames with their counts, most first. Without the property nothing is printed.
 */
@Timeout(120)
class PinReportTest {

    /** The program run in a fresh JVM, with the agent: three pins in ConcurrentHashMap.forEach, two in TreeMap.forEach. */
    public static final class Program {
        public static void main(String[] args) {
            Go.run(Program::pins);
        }

        @Goroutine
        static void pins() {
            new ConcurrentHashMap<>(Map.of("a", 1, "b", 2, "c", 3)).forEach((k, v) -> Go.gosched());
            new TreeMap<>(Map.of("a", 1, "b", 2)).forEach((k, v) -> Go.gosched());
        }
    }

    private static String run(boolean report) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(List.of(java));
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-javaagent:")) {
                command.add(arg);
            }
        }
        if (report) {
            command.add("-Djgo.pinReport");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Program.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void theReportNamesBothPinningFramesWithTheirCountsMostFirst() throws Exception {
        String out = run(true);
        assertTrue(out.contains("jgo: pin report: 5 pin(s) at 2 frame(s)"), out);
        Matcher chm = Pattern.compile("\\n\\s+3  java\\.util\\.concurrent\\.ConcurrentHashMap\\.forEach \\(").matcher(out);
        Matcher tree = Pattern.compile("\\n\\s+2  java\\.util\\.TreeMap\\.forEach \\(").matcher(out);
        assertTrue(chm.find(), out);
        assertTrue(tree.find(), out);
        assertTrue(chm.start() < tree.start(), "most pins first:\n" + out);
    }

    @Test
    void withoutThePropertyThereIsNoReport() throws Exception {
        String out = run(false);
        assertTrue(!out.contains("pin report"), out);
        assertTrue(out.contains("goroutine pinned"), "the pins still warn once:\n" + out);
    }
}
