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
    private static final String CHANNEL_APP = "io/jgo/aot/ChannelApp";
    private static final String SOCKET_APP = "io/jgo/aot/SocketApp";
    private static final String THROWING_APP = "io/jgo/aot/ThrowingBodyApp";

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

    /** Go.Body lambdas (bodies that throw IOException) are rewritten at build time as Runnable ones are: no pin. */
    @Test
    void throwingBodiesAreRewrittenAndWhatTheyThrowIsAPanic() throws Exception {
        Path in = copyApp(dir.resolve("in"), THROWING_APP);
        Path out = dir.resolve("out");
        Result cli = java(instrumenterClassPath(), "io.jgo.instrument.cli.Main", in.toString(), out.toString());
        assertEquals(0, cli.status, cli.stderr);
        Result run = java(String.join(File.pathSeparator, out.toString(), locationOf(Go.class),
                locationOf(org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue.class)), THROWING_APP.replace('/', '.'));
        assertEquals(0, run.status, run.stderr);
        assertEquals("sum=6 failure=java.io.IOException: negative pins=0", run.stdout.strip(), run.stderr);
    }

    /**
     * Without the agent, a blocking-mode channel read in a goroutine parks on the poller only when the
     * JDK internals it needs are opened on the command line; otherwise it is handed off as before,
     * and one warning says why and what to add.
     */
    @Test
    void aBlockingChannelReadIsHandedOffWithoutAddOpensAndParksWithThem() throws Exception {
        Path in = copyApp(dir.resolve("in"), CHANNEL_APP);
        Path out = dir.resolve("out");
        Result cli = java(instrumenterClassPath(), "io.jgo.instrument.cli.Main", in.toString(), out.toString());
        assertEquals(0, cli.status, cli.stderr);
        String cp = String.join(File.pathSeparator, out.toString(), locationOf(Go.class),
                locationOf(org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue.class));

        Result closed = java(cp, CHANNEL_APP.replace('/', '.'));
        assertEquals(0, closed.status, closed.stderr);
        assertEquals("handed-off read=7", closed.stdout.strip(), closed.stderr);
        assertEquals(1, closed.stderr.split("--add-opens java.base/java.nio.channels.spi=", -1).length - 1,
                "one warning naming the flags: " + closed.stderr);

        Result open = java(cp, "--add-opens", "java.base/java.nio.channels.spi=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", CHANNEL_APP.replace('/', '.'));
        assertEquals(0, open.status, open.stderr);
        assertEquals("parked read=7", open.stdout.strip(), open.stderr);
        assertTrue(!open.stderr.contains("java.nio.channels.spi"), open.stderr);
    }

    /**
     * Issue 29 through the build-time path: goroutines' {@code java.net.Socket} streams (a
     * {@code BufferedReader} line, a {@code DataInputStream} int) park on the poller, no agent.
     */
    @Test
    void socketStreamsParkWhenRewrittenAtBuildTime() throws Exception {
        Path in = copyApp(dir.resolve("in"), SOCKET_APP);
        Path out = dir.resolve("out");
        Result cli = java(instrumenterClassPath(), "io.jgo.instrument.cli.Main", in.toString(), out.toString());
        assertEquals(0, cli.status, cli.stderr);
        String cp = String.join(File.pathSeparator, out.toString(), locationOf(Go.class),
                locationOf(org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue.class));
        Result run = java(cp, "--add-opens", "java.base/java.nio.channels.spi=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", SOCKET_APP.replace('/', '.'));
        assertEquals(0, run.status, run.stderr);
        assertEquals("parked=50 right=50", run.stdout.strip(), run.stderr);
    }

    private Path copyApp(Path in) throws IOException, URISyntaxException {
        return copyApp(in, APP);
    }

    private Path copyApp(Path in, String app) throws IOException, URISyntaxException {
        Path classes = Path.of(BuildTimeRewriteTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path target = Files.createDirectories(in.resolve(app).getParent());
        String simple = app.substring(app.lastIndexOf('/') + 1);
        try (Stream<Path> files = Files.list(classes.resolve(app).getParent())) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith(simple)).toList()) {
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

    /** Runs {@code java -cp classPath [options] main args}: options and main class in {@code mainAndArgs}. */
    private Result java(String classPath, String... mainAndArgs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath));
        command.addAll(List.of(mainAndArgs));
        Path stdout = Files.createTempFile(dir, "stdout", ".txt");
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) { // a hang fails the test, not the build
            process.destroyForcibly().waitFor();
            return new Result(-1, Files.readString(stdout, StandardCharsets.UTF_8), "timed out; " + Files.readString(stderr, StandardCharsets.UTF_8));
        }
        int status = process.exitValue();
        return new Result(status, Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
