package io.jgo.it.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import io.jgo.testing.Heavy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte budgets: what a parked goroutine keeps on the heap and what a channel operation, a select and
 * a spawn allocate may not grow unseen. {@link ByteFigures} measures them in a fresh JVM (the agent,
 * GOMAXPROCS 1, no preemption, so that no goroutine is caught half way down its recursion and no
 * round's shape depends on the machine's load; a fixed heap and the serial collector, so that heap
 * used after a full collection is exact), and each figure must stay within its budget in {@value #BUDGETS} (this module's test
 * resources): a change that makes one worse fails the build, naming the figure and the budget.
 * Bytes, not time: they do not depend on the machine's load. After a change that makes a figure
 * smaller, lower its budget in the same commit (the file says how the budgets were set).
 */
@Heavy
@Timeout(300)
class ByteBudgetsTest {

    static final String BUDGETS = "byte-budgets.properties";
    private static final Pattern FIGURE = Pattern.compile("^figure (\\S+) (-?[0-9.]+)$");

    @TempDir
    Path dir;

    @Test
    void everyFigureIsWithinItsBudget() throws Exception {
        Map<String, Double> budgets = budgets();
        Map<String, Double> figures = measure();
        assertEquals(budgets.keySet(), figures.keySet(), "the figures measured and the budgets in " + BUDGETS + " name the same things");
        List<String> over = new ArrayList<>();
        for (Map.Entry<String, Double> b : budgets.entrySet()) {
            double figure = figures.get(b.getKey());
            if (figure > b.getValue()) {
                over.add(String.format(java.util.Locale.ROOT, "%s: %.1f bytes, over its budget of %.1f", b.getKey(), figure, b.getValue()));
            }
        }
        if (!over.isEmpty()) {
            fail("byte budgets exceeded (" + BUDGETS + "; every figure: " + figures + "):\n  " + String.join("\n  ", over)
                    + "\nFind what the change added per goroutine or per operation, or, if it is worth its bytes, raise the budget"
                    + " in the same commit and say why");
        }
    }

    /** The budgets file: {@code name = bytes}. */
    static Map<String, Double> budgets() throws IOException {
        Properties p = new Properties();
        try (InputStream in = ByteBudgetsTest.class.getResourceAsStream(BUDGETS)) {
            assertTrue(in != null, BUDGETS + " is missing beside " + ByteBudgetsTest.class.getName());
            p.load(in);
        }
        Map<String, Double> budgets = new TreeMap<>();
        for (String name : p.stringPropertyNames()) {
            try {
                budgets.put(name, Double.parseDouble(p.getProperty(name).trim()));
            } catch (NumberFormatException e) {
                fail(BUDGETS + ": the budget of " + name + " is '" + p.getProperty(name) + "', not a number of bytes");
            }
        }
        return budgets;
    }

    /** Runs {@link ByteFigures} in a fresh JVM and reads its figures. */
    private Map<String, Double> measure() throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(agent());
        cmd.addAll(List.of("-Xms256m", "-Xmx256m", "-XX:+UseSerialGC", "-Djgo.maxprocs=1", "-Djgo.preempt=off",
                "-cp", System.getProperty("java.class.path"), ByteFigures.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().remove("GOMAXPROCS");
        int exit = pb.start().waitFor();
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, exit, "the measuring JVM failed:\n" + out);
        Map<String, Double> figures = new TreeMap<>();
        for (String line : out.lines().collect(Collectors.toList())) {
            Matcher m = FIGURE.matcher(line.trim());
            if (m.matches()) {
                figures.put(m.group(1), Double.parseDouble(m.group(2)));
            }
        }
        return figures;
    }

    /** The {@code -javaagent} option of this JVM (Surefire's), without its options: the figures' goroutines must unwind, not pin. */
    private static List<String> agent() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-javaagent:")).map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
                .limit(1).collect(Collectors.toList());
    }
}
