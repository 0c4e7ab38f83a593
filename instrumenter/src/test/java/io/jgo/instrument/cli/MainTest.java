package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole command, in-process, with the real {@link io.jgo.instrument.Instrumenter}. */
class MainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Real class files with no suspendable method, plus a resource and a manifest. */
    private static Map<String, byte[]> plainApp() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("META-INF/MANIFEST.MF", Trees.bytes("Manifest-Version: 1.0\r\n\r\n"));
        files.put("io/jgo/instrument/cli/MainTest.class", Trees.classFileOf(MainTest.class));
        files.put("io/jgo/instrument/cli/Trees.class", Trees.classFileOf(Trees.class));
        files.put("io/jgo/instrument/cli/app.properties", Trees.bytes("k=v\n"));
        return files;
    }

    @Test
    void folderToFolderExitsZeroAndLeavesPlainClassesByteIdentical() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), plainApp());
        Path target = dir.resolve("out");
        assertEquals(Main.OK, run(in.toString(), target.toString(), "--verify"));
        Map<String, byte[]> written = Trees.readFolder(target);
        assertEquals(plainApp().keySet(), written.keySet());
        plainApp().forEach((name, content) -> assertArrayEquals(content, written.get(name), name));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jarToJarExitsZeroAndLeavesPlainClassesByteIdentical() throws IOException {
        Path in = Trees.jar(dir.resolve("app.jar"), plainApp());
        Path target = dir.resolve("app-rewritten.jar");
        assertEquals(Main.OK, run(in.toString(), target.toString(), "--verbose", "--classpath", in.toString()));
        Map<String, byte[]> written = Trees.readJar(target);
        assertEquals(plainApp().keySet(), written.keySet());
        plainApp().forEach((name, content) -> assertArrayEquals(content, written.get(name), name));
        assertTrue(stderr().contains("2 class files, 0 rewritten"), stderr());
    }

    @Test
    void aSuspendableClassIsRewrittenAndEverythingElseCopied() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(plainApp());
        files.put(SuspendingClass.NAME + ".class", SuspendingClass.bytes());
        Path in = Trees.jar(dir.resolve("app.jar"), files);
        Path target = dir.resolve("out");
        assertEquals(Main.OK, run(in.toString(), target.toString(), "--verify", "--verbose"), stderr());
        Map<String, byte[]> written = Trees.readFolder(target);
        assertEquals(files.keySet(), written.keySet());
        plainApp().forEach((name, content) -> assertArrayEquals(content, written.get(name), name));
        assertFalse(java.util.Arrays.equals(SuspendingClass.bytes(), written.get(SuspendingClass.NAME + ".class")));
        assertTrue(stderr().contains("jgo: rewrote fixture/Suspending.class ("), stderr());
        assertTrue(stderr().contains("3 class files, 1 rewritten"), stderr());
    }

    @Test
    void badArgumentsExitWithTwoAndPrintTheErrorAndWhereTheUsageIs() {
        assertEquals(Main.BAD_ARGUMENTS, run("--frobnicate"));
        assertEquals(List.of("jgo-instrumenter: unknown option --frobnicate", "jgo-instrumenter: run `java -jar jgo-instrumenter.jar --help` for the usage"),
                stderr().lines().toList(), "the error, then one line, not the whole usage");
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anInputWithNoClassFilesWarns() throws IOException {
        Path in = Files.createDirectories(dir.resolve("empty"));
        assertEquals(Main.OK, run(in.toString(), dir.resolve("out").toString()));
        assertTrue(stderr().contains("jgo-instrumenter: warning: " + in + " holds no class files, so nothing was rewritten"), stderr());
    }

    @Test
    void noArgumentsExitWithTwo() {
        assertEquals(Main.BAD_ARGUMENTS, run());
        assertTrue(stderr().contains("usage:"), stderr());
    }

    @Test
    void helpPrintsTheUsageOnStdoutAndExitsZero() {
        assertEquals(Main.OK, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage:"));
    }

    @Test
    void anInFileThatIsNotAJarFailsWithOneAndLeavesNoOutput() throws IOException {
        Path in = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        Path target = dir.resolve("out.jar");
        assertEquals(Main.FAILED, run(in.toString(), target.toString()));
        assertTrue(stderr().contains("is neither a folder nor a readable jar"), stderr());
        assertFalse(Files.exists(target));
    }

    @Test
    void suspendableListsWhatASuspensionReachesInOutAndWarnsOfAPackageWithNoClass() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(plainApp());
        files.put("org/example/cli/Library.class", Trees.classFileOf(org.example.cli.Library.class));
        Path in = Trees.jar(dir.resolve("lib.jar"), files);
        Path target = dir.resolve("lib-rewritten.jar");
        assertEquals(Main.OK, run(in.toString(), target.toString(), "--verify", "--suspendable", "org.example.cli:org.exmaple"),
                stderr());
        Map<String, byte[]> written = Trees.readJar(target);
        String listed = new String(written.get(io.jgo.instrument.SuspendablesFile.PATH), StandardCharsets.UTF_8);
        assertTrue(listed.contains("\norg/example/cli/Library.each(Ljava/util/List;Ljava/util/function/Consumer;)V\n"), listed);
        assertFalse(listed.contains("twice"), listed);
        assertFalse(java.util.Arrays.equals(files.get("org/example/cli/Library.class"), written.get("org/example/cli/Library.class")),
                "each() is rewritten");
        assertTrue(stderr().contains("suspendable org.example.cli:org.exmaple: 1 method(s) in 1 class(es)"), stderr());
        assertTrue(stderr().contains("suspendable package org.exmaple holds no class of the input"), stderr());
    }

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
