package io.jgo.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Builds src/it/tiny with this plugin in a separate Maven, one build after the other on the same
 * copy (the order matters: each step starts from what the previous one left). The separate Maven
 * has its own local repository, filled by invoker:install with this plugin, the instrumenter and
 * the runtime; everything else comes from this build's local repository through a file: mirror, so
 * nothing needs the network.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("heavy")
class InstrumentMojoIT {

    /** Rewritten classes carry this invisible annotation (the instrumenter's RuntimeNames.REWRITTEN_DESC). */
    private static final String REWRITTEN_MARK = "Lio/jgo/internal/Rewritten;";
    private static final String VERSION = System.getProperty("jgo.version");

    private static Path project;
    private static Path settings;

    @BeforeAll
    static void copyTheProject() throws IOException {
        Path work = Path.of(System.getProperty("jgo.it.work"));
        deleteTree(work);
        project = work.resolve("tiny");
        copyTree(Path.of(System.getProperty("jgo.it.project")), project);
        settings = work.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <localRepository>%s</localRepository>
                  <mirrors>
                    <mirror><id>this-build</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                </settings>
                """.formatted(System.getProperty("jgo.it.repo"), Path.of(System.getProperty("jgo.it.mirror")).toUri()));
    }

    @Test
    @Order(1)
    void theBuildRewritesTheGoroutineClassesAndTheProgramRunsWithoutTheAgent() throws Exception {
        Build build = maven();

        assertEquals(0, build.status, build.log);
        assertTrue(build.log.contains("classes: rewrote 1 of 2 class file(s) changed since the last run"), build.log);
        assertTrue(build.log.contains("test-classes: rewrote 1 of 1 class file(s) changed since the last run"), build.log);
        // By default a method that suspends needs no @Goroutine: it is rewritten, listed, and nothing warns.
        assertFalse(build.log.contains("is not @Goroutine"), build.log);
        assertTrue(Files.readString(project.resolve("target/classes/META-INF/jgo/suspendables"))
                .contains("app/Main.unannotatedPause()V"), "the closure lists the unannotated method that suspends");
        assertTrue(isRewritten(classFile("classes/app/Main.class")), "Main was rewritten in place");
        assertFalse(isRewritten(classFile("classes/app/Plain.class")), "Plain has no goroutine code");
        assertTrue(isRewritten(classFile("test-classes/app/MainCheck.class")), "test classes too");

        Path runtimeJar = Path.of(System.getProperty("jgo.it.repo"), "io", "jgo", "jgo-runtime", VERSION,
                "jgo-runtime-" + VERSION + ".jar");
        Run run = java("-cp", project.resolve("target/classes") + File.pathSeparator + runtimeJar, "app.Main");
        assertEquals(0, run.status, run.output);
        assertEquals("sum 45", run.output.strip(), "no agent, and nothing but the program's line (no pinning warning)");
    }

    @Test
    @Order(2)
    void aSecondBuildRewritesNothing() throws Exception {
        Path main = classFile("classes/app/Main.class");
        byte[] before = Files.readAllBytes(main);
        FileTime time = Files.getLastModifiedTime(main);

        Build build = maven();

        assertEquals(0, build.status, build.log);
        assertEquals(2, count(build.log, "no class file changed since the last run; rewrote 0"), build.log);
        assertArrayEquals(before, Files.readAllBytes(main));
        assertEquals(time, Files.getLastModifiedTime(main), "the file was not even written");
        // By default the method that suspends is rewritten, so nothing warns (the narrow rule's warning: below).
        assertFalse(build.log.contains("not @Goroutine"), build.log);
    }

    /**
     * Narrowed to {@code @Goroutine} methods, a method that calls a suspending one unannotated is warned of; mvn -q
     * shows errors only, and failOnUnannotatedCallers makes the warning an error. (From a clean build: the default
     * rule of the builds before rewrote that method, and a rewritten class is not looked at again.)
     */
    @Test
    @Order(3)
    void failOnUnannotatedCallersFailsAQuietNarrowedBuildNamingTheMethod() throws Exception {
        Build build = maven("-q", "-Djgo.failOnUnannotatedCallers=true", "-Dtiny.suspendable=annotated-only", "clean");

        assertNotEquals(0, build.status, build.log);
        assertTrue(build.log.contains("1 method(s) not @Goroutine call suspending methods (<failOnUnannotatedCallers> is on):"),
                build.log);
        assertTrue(build.log.contains("app.Main.unannotatedPause (Main.java:"), build.log);
    }

    @Test
    @Order(4)
    void aClassTheRewriteMustRefuseFailsTheBuildWithTheReport() throws Exception {
        Files.writeString(project.resolve("src/main/java/app/TooBig.java"), tooBigSource(), StandardCharsets.UTF_8);

        Build build = maven();

        assertNotEquals(0, build.status, build.log);
        assertTrue(build.log.contains("jgo could not rewrite 1 class(es):"), build.log);
        assertTrue(build.log.contains("cannot instrument app.TooBig.big()J: its rewritten code would be"), build.log);
        assertTrue(build.log.contains("over the JVM's limit of 65535 per method (64 KiB); to have it rewritten, split the method"),
                build.log);
        assertFalse(isRewritten(classFile("classes/app/TooBig.class")), "left as javac wrote it");
    }

    @Test
    @Order(5)
    void theRefusalIsNotForgottenByTheNextBuild() throws Exception {
        Build build = maven();

        assertNotEquals(0, build.status, build.log);
        assertTrue(build.log.contains("cannot instrument app.TooBig.big()J"), build.log);
        // Under the default whole-application rule every class is looked at again (a change may make another
        // class's method suspendable); those rewritten already are left as they are.
        assertTrue(build.log.contains("classes: rewrote 0 of "), build.log);
    }

    /**
     * A {@code @Goroutine} method with 200 suspension points and 40 live {@code long}s: javac's
     * code is small, but saving and restoring 40 values at each point would take the rewritten
     * method past the JVM's 64 KiB limit, so the rewrite must refuse it.
     */
    private static String tooBigSource() {
        int locals = 40;
        StringBuilder s = new StringBuilder("package app;\n\nimport io.jgo.Go;\nimport io.jgo.Goroutine;\n\n")
                .append("public class TooBig {\n    @Goroutine static long step() { Go.gosched(); return 1; }\n\n")
                .append("    @Goroutine static long big() {\n");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < locals; i++) {
            names.add("a" + i);
            s.append("        long a").append(i).append(" = ").append(i).append(";\n");
        }
        for (int site = 0; site < 200; site++) {
            s.append("        a").append(site % locals).append(" += step();\n");
        }
        return s.append("        return ").append(String.join(" + ", names)).append(";\n    }\n}\n").toString();
    }

    private static Path classFile(String underTarget) {
        return project.resolve("target").resolve(underTarget);
    }

    private static boolean isRewritten(Path classFile) throws IOException {
        return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains(REWRITTEN_MARK);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private record Build(int status, String log) {
    }

    private record Run(int status, String output) {
    }

    private static Build maven(String... options) throws Exception {
        String mvn = Path.of(System.getProperty("maven.home"), "bin", "mvn").toString();
        List<String> command = new ArrayList<>(List.of(mvn, "-B", "-s", settings.toString(), "-Djgo.version=" + VERSION));
        command.addAll(List.of(options));
        command.add("process-test-classes");
        Run run = run(project, command);
        return new Build(run.status, run.output);
    }

    private static Run java(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED")); // the one flag a run without the agent needs (README)
        command.addAll(List.of(args));
        return run(project, command);
    }

    /** Runs {@code command} in {@code dir} with this JVM's JDK as JAVA_HOME; stdout and stderr together. */
    private static Run run(Path dir, List<String> command) throws Exception {
        Path log = Files.createTempFile(dir.getParent(), "run", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in 5 minutes: " + Files.readString(log));
        }
        return new Run(process.exitValue(), Files.readString(log));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
