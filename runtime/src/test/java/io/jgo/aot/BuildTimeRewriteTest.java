package io.jgo.aot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-time path end to end, as the README gives it: {@code jgo-instrumenter IN OUT} with no
 * {@code --classpath} (the CLI's JVM sees only the instrumenter), then the program run from OUT
 * with the runtime on its class path and no agent.
 */
class BuildTimeRewriteTest {

    private static final String APP = "io/jgo/aot/FoldApp";

    @TempDir
    Path dir;

    @Test
    void aProgramRewrittenWithoutClasspathRunsCorrectlyWithoutTheAgent() throws Exception {
        Path in = copyApp(dir.resolve("in"));
        Path out = dir.resolve("out");
        Result cli = java(instrumenterClassPath(), "io.jgo.instrument.cli.Main", in.toString(), out.toString(), "--verbose");
        assertEquals(0, cli.status, cli.stderr);
        assertTrue(cli.stderr.contains("1 class files, 1 rewritten"), cli.stderr);

        Result run = java(String.join(File.pathSeparator, out.toString(), locationOf(Go.class),
                locationOf(org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue.class)), APP.replace('/', '.'));
        assertEquals(0, run.status, run.stderr);
        assertEquals("fold=55 twice=2 entered=1 pins=0", run.stdout.strip(), run.stderr);
    }

    private Path copyApp(Path in) throws IOException, URISyntaxException {
        Path classes = Path.of(BuildTimeRewriteTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path target = Files.createDirectories(in.resolve(APP).getParent());
        try (Stream<Path> files = Files.list(classes.resolve(APP).getParent())) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("FoldApp")).toList()) {
                Files.copy(f, target.resolve(f.getFileName()));
            }
        }
        return in;
    }

    /** The instrumenter as the test sees it: its shaded jar after {@code package}, or its classes plus ASM before. */
    private static String instrumenterClassPath() throws URISyntaxException {
        String instrumenter = locationOf(io.jgo.instrument.Instrumenter.class);
        if (instrumenter.endsWith(".jar")) {
            return instrumenter;
        }
        return String.join(File.pathSeparator, instrumenter, locationOf(org.objectweb.asm.ClassReader.class),
                locationOf(org.objectweb.asm.tree.ClassNode.class), locationOf(org.objectweb.asm.tree.analysis.Analyzer.class),
                locationOf(org.objectweb.asm.util.CheckClassAdapter.class));
    }

    private static String locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private record Result(int status, String stdout, String stderr) {
    }

    private Result java(String classPath, String... mainAndArgs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath));
        command.addAll(List.of(mainAndArgs));
        Path stdout = Files.createTempFile(dir, "stdout", ".txt");
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        int status = process.waitFor();
        return new Result(status, Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
