package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.testing.Heavy;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * No {@code @Goroutine} needed: Go programs written in Java with no annotation anywhere
 * ({@code example.goprograms.GoProgramsWithoutAnnotations}: pipelines through helpers, the Go
 * tour's tree walk, a store behind an interface, an anonymous {@code Runnable}, a generic select
 * helper, method references, {@code IntStream.range(..).forEach} whose lambda sends on a channel, a
 * {@code readFully} over {@code io.jgo.net}) compiled with plain
 * {@code javac} and run on the packaged jars with jgo's defaults: the agent without options, and
 * rewritten ahead of time by the CLI without options. Each prints the plain-Java results and
 * {@code pins 0}, and nothing else: no pin warning, no note. With the agent narrowed to annotated
 * code ({@code suspendable=annotated-only}) the same program pins, which shows the programs do
 * park in unannotated frames. The Maven plugin's path is {@code GoProgramsWithoutAnnotationsTest}.
 */
@Heavy
class NoAnnotationIT {

    private static final String MAIN = "example.goprograms.GoProgramsWithoutAnnotations";

    private static Path top;
    private static Path dir;
    private static String runtimeJar;

    @BeforeAll
    static void compileThePrograms() throws Exception {
        top = Path.of(System.getProperty("jgo.repo.top")).toRealPath();
        runtimeJar = top.resolve("runtime/target/jgo-runtime.jar").toString();
        dir = Commands.freshFolder("no-annotation");
        Path source = top.resolve("samples/src/test/java/example/goprograms/GoProgramsWithoutAnnotations.java");
        ok(Commands.jdk("javac", "--release", "17", "-cp", runtimeJar, "-d", "classes", source.toString()));
        ok(Commands.jdk("jar", "--create", "--file", "app.jar", "-C", "classes", "."));
    }

    @Test
    void theAgentWithoutOptionsRunsThemWithoutAPin() throws Exception {
        Commands.Result run = ok(Commands.jdk("java", "-javaagent:" + top.resolve("agent/target/jgo-agent.jar"),
                "-cp", "app.jar" + File.pathSeparator + runtimeJar, MAIN));
        assertEquals(expected(), run.output().strip().lines().toList(), run.output());
    }

    @Test
    void theCliWithoutOptionsRewritesThemAheadOfTimeAndNothingPins() throws Exception {
        ok(Commands.jdk("java", "-jar", top.resolve("instrumenter/target/jgo-instrumenter.jar").toString(),
                "app.jar", "app-aot.jar", "--classpath", runtimeJar));
        Commands.Result run = ok(Commands.jdk("java", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/java.util=ALL-UNNAMED", "-cp", "app-aot.jar" + File.pathSeparator + runtimeJar, MAIN));
        assertEquals(expected(), run.output().strip().lines().toList(), run.output());
    }

    @Test
    void narrowedToAnnotatedCodeTheSameProgramsPin() throws Exception {
        Commands.Result run = ok(Commands.jdk("java",
                "-javaagent:" + top.resolve("agent/target/jgo-agent.jar") + "=suspendable=annotated-only",
                "-cp", "app.jar" + File.pathSeparator + runtimeJar, MAIN));
        List<String> stdout = run.output().lines().filter(l -> !l.startsWith("jgo:")).toList();
        assertEquals(GoProgramsWithoutAnnotationsTest.EXPECTED, stdout.subList(0, stdout.size() - 1), run.output());
        String pins = stdout.get(stdout.size() - 1);
        assertEquals(true, pins.startsWith("pins ") && !pins.equals("pins 0"), run.output());
    }

    private static List<String> expected() {
        List<String> lines = new ArrayList<>(GoProgramsWithoutAnnotationsTest.EXPECTED);
        lines.add("pins 0");
        return lines;
    }

    private static Commands.Result ok(List<String> command) throws Exception {
        Commands.Result result = Commands.run(dir, command);
        assertEquals(0, result.status(), String.join(" ", command) + "\n" + result.output());
        return result;
    }
}
