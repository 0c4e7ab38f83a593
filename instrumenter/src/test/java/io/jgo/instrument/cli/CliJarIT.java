package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar, as a user runs it: {@code java -jar jgo-instrumenter.jar IN OUT}. Runs under
 * Failsafe, after {@code package}, which passes the jar's path in {@code jgo.instrumenter.jar}.
 */
class CliJarIT {

    @TempDir
    Path dir;

    private final Path jar = Path.of(System.getProperty("jgo.instrumenter.jar", "target/jgo-instrumenter.jar"));

    @Test
    void theJarIsSelfContainedWithAsmRelocated() throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            assertEquals("io.jgo.instrument.cli.Main", manifest.getMainAttributes().getValue("Main-Class"));
            assertEquals("io.jgo.instrumenter", manifest.getMainAttributes().getValue("Automatic-Module-Name"));
            assertTrue(file.getEntry("io/jgo/instrument/shaded/asm/ClassReader.class") != null, "relocated ASM missing");
            assertTrue(file.stream().noneMatch(e -> e.getName().startsWith("org/objectweb/")), "unrelocated ASM present");
            assertTrue(file.stream().noneMatch(e -> e.getName().endsWith("module-info.class")), "a module-info would make the jar a named module");
        }
    }

    @Test
    void javaDashJarRewritesAFolderIntoAJar() throws Exception {
        Path in = Trees.folder(dir.resolve("in"), Map.of(
                "io/jgo/instrument/cli/CliJarIT.class", Trees.classFileOf(CliJarIT.class),
                "app.properties", Trees.bytes("k=v\n")));
        Path out = dir.resolve("out.jar");
        Result result = java("-jar", jar.toString(), in.toString(), out.toString(), "--verbose", "--verify");
        assertEquals(0, result.status, result.stderr);
        assertTrue(result.stderr.contains("1 class files, 0 rewritten"), result.stderr);
        assertEquals(Trees.readFolder(in).keySet(), Trees.readJar(out).keySet().stream()
                .filter(name -> !name.endsWith("/")).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void javaDashJarRewritesASuspendableClassWithTheShadedAsm() throws Exception {
        Path in = Trees.jar(dir.resolve("app.jar"), Map.of(SuspendingClass.NAME + ".class", SuspendingClass.bytes()));
        Path out = dir.resolve("out");
        Result result = java("-jar", jar.toString(), in.toString(), out.toString(), "--verbose", "--verify");
        assertEquals(0, result.status, result.stderr);
        assertTrue(result.stderr.contains("1 class files, 1 rewritten"), result.stderr);
        assertFalse(java.util.Arrays.equals(SuspendingClass.bytes(), Files.readAllBytes(out.resolve(SuspendingClass.NAME + ".class"))));
    }

    @Test
    void javaDashJarWithBadArgumentsExitsTwoPointingToHelp() throws Exception {
        Result result = java("-jar", jar.toString(), "only-in");
        assertEquals(2, result.status);
        assertTrue(result.stderr.contains("run `java -jar jgo-instrumenter.jar --help` for the usage"), result.stderr);
        assertFalse(result.stdout.contains("usage:"), result.stdout);
    }

    private record Result(int status, String stdout, String stderr) {
    }

    private Result java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(args));
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        int status = process.waitFor();
        return new Result(status, Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
