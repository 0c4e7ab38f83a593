package io.jgo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged agent jar, as a user runs it: its contents, and child JVMs started with
 * {@code -javaagent}. Runs under Failsafe, after {@code package}; the jar's path comes in
 * {@code jgo.agent.jar}, the fixtures' class folder in {@code jgo.test.classes}.
 */
class AgentJarIT {

    private static final String LS = System.lineSeparator();

    @TempDir
    Path dir;

    private final Path jar = Path.of(System.getProperty("jgo.agent.jar", "target/jgo-agent.jar"));
    private final String fixtures = System.getProperty("jgo.test.classes", "target/test-classes");

    // ------------------------------------------------------------------ the jar

    @Test
    void theManifestNamesTheAgentAndTheModule() throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Attributes main = file.getManifest().getMainAttributes();
            assertEquals("io.jgo.agent.Agent", main.getValue("Premain-Class"));
            assertEquals("io.jgo.agent.Agent", main.getValue("Agent-Class"));
            assertEquals("io.jgo.agent", main.getValue("Automatic-Module-Name"));
            assertEquals("true", main.getValue("Multi-Release"));
        }
    }

    @Test
    void theJarDoesNotCarryTheRuntime() throws IOException {
        List<String> runtime = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream().map(ZipEntry::getName).map(AgentJarIT::withoutVersionPrefix)
                    .filter(n -> n.endsWith(".class"))
                    .filter(n -> n.startsWith("io/jgo/internal/")
                            || n.startsWith("io/jgo/") && n.indexOf('/', "io/jgo/".length()) < 0)
                    .forEach(runtime::add);
        }
        assertEquals(List.of(), runtime);
    }

    @Test
    void everyClassInTheJarIsTheAgentsOwnOrShadedUnderIt() throws IOException {
        List<String> outside = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class"))
                    .map(AgentJarIT::withoutVersionPrefix)
                    .filter(n -> !n.startsWith("io/jgo/agent/"))
                    .forEach(outside::add);
            assertNotNull(file.getEntry("io/jgo/agent/shaded/asm/ClassReader.class"));
            assertNotNull(file.getEntry("io/jgo/agent/shaded/instrument/Instrumenter.class"));
            assertNotNull(file.getEntry("io/jgo/agent/shaded/bytebuddy/agent/builder/AgentBuilder.class"));
            assertTrue(file.stream().anyMatch(e -> e.getName().startsWith("META-INF/versions/24/io/jgo/agent/shaded/bytebuddy/")),
                    "Byte Buddy's Java 24 classes are relocated too");
        }
        assertEquals(List.of(), outside);
    }

    // ------------------------------------------------------------------ child JVMs

    @Test
    void aProgramRunsUnderTheAgentAndItsStdoutIsItsOwn() throws Exception {
        Result result = java("-javaagent:" + jar + "=verbose", "-cp", fixtures, "example.hello.Hello");
        assertEquals(0, result.status, result.stderr);
        assertEquals("hello" + LS, result.stdout);
        assertTrue(result.stderr.contains("jgo: agent started (include=(all)"), result.stderr);
    }

    @Test
    void aProgramRunsUnderTheAgentWithoutOptionsSilently() throws Exception {
        Result result = java("-javaagent:" + jar, "-cp", fixtures, "example.hello.Hello");
        assertEquals(0, result.status, result.stderr);
        assertEquals("hello" + LS, result.stdout);
        assertEquals("", result.stderr);
    }

    @Test
    void aSuspendableClassIsRewrittenLoggedAndDumped() throws Exception {
        Path dump = dir.resolve("dump");
        Result result = java("-javaagent:" + jar + "=verbose,verify,include=example,dump=" + dump,
                "-cp", fixtures, "example.hello.LoadSuspending");
        assertEquals(0, result.status, result.stderr);
        assertEquals("loaded" + LS, result.stdout);
        assertTrue(result.stderr.contains("jgo: rewrote example.suspend.Sample ("), result.stderr);
        assertFalse(result.stderr.contains("example.hello.LoadSuspending"), result.stderr);
        Path dumped = dump.resolve("example/suspend/Sample.class");
        assertTrue(Files.isRegularFile(dumped), "dumped " + dumped);
        assertNotEquals(Files.size(Path.of(fixtures, "example/suspend/Sample.class")), Files.size(dumped));
    }

    @Test
    void aClassOutsideIncludeIsLeftAlone() throws Exception {
        Path dump = dir.resolve("dump");
        Result result = java("-javaagent:" + jar + "=verbose,include=com.other,dump=" + dump,
                "-cp", fixtures, "example.hello.LoadSuspending");
        assertEquals(0, result.status, result.stderr);
        assertFalse(result.stderr.contains("jgo: rewrote"), result.stderr);
        assertFalse(Files.exists(dump.resolve("example/suspend/Sample.class")));
    }

    @Test
    void aBadOptionStopsTheJvmWithStatusOneAndOnlyTheMessage() throws Exception {
        Result result = java("-javaagent:" + jar + "=bogus", "-cp", fixtures, "example.hello.Hello");
        assertEquals(1, result.status, result.stderr);
        assertEquals("", result.stdout, "the program must not run, and the JVM must not abort");
        assertFalse(result.stderr.contains("FATAL ERROR"), result.stderr);
        assertFalse(result.stderr.contains("\tat "), "no stack trace: " + result.stderr);
        assertTrue(result.stderr.contains("jgo agent: bad option 'bogus' (item 1 of 1 in 'bogus'): unknown option 'bogus'."),
                result.stderr);
        assertTrue(result.stderr.contains("Valid jgo agent options"), result.stderr);
    }

    @Test
    void aDumpFolderThatCannotBeCreatedStopsTheJvm() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Result result = java("-javaagent:" + jar + "=dump=" + file.resolve("sub"), "-cp", fixtures, "example.hello.Hello");
        assertEquals(1, result.status, result.stderr);
        assertFalse(result.stdout.contains("FATAL ERROR") || result.stderr.contains("FATAL ERROR"), result.stdout + result.stderr);
        assertFalse(result.stdout.contains("hello"), "the program must not run: " + result.stdout);
        assertTrue(result.stderr.contains("jgo agent: bad option 'dump=" + file.resolve("sub") + "'"), result.stderr);
        assertTrue(result.stderr.contains("cannot be created"), result.stderr);
    }

    private static String withoutVersionPrefix(String name) {
        return name.startsWith("META-INF/versions/") ? name.replaceFirst("^META-INF/versions/\\d+/", "") : name;
    }

    private record Result(int status, String stdout, String stderr) {
    }

    private Result java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile(dir, "stdout", ".txt");
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        int status = process.waitFor();
        return new Result(status, Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
