package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArgumentsTest {

    @TempDir
    Path dir;

    @Test
    void parsesInOutAndEveryFlag() throws Exception {
        Path in = Files.createDirectory(dir.resolve("classes"));
        String cp = dir.resolve("a.jar") + File.pathSeparator + dir.resolve("b");
        Arguments a = Arguments.parse(in.toString(), dir.resolve("out.jar").toString(), "--verify", "--verbose", "--classpath", cp);
        assertEquals(in, a.in());
        assertEquals(dir.resolve("out.jar"), a.out());
        assertTrue(a.verify());
        assertTrue(a.verbose());
        assertEquals(List.of(dir.resolve("a.jar"), dir.resolve("b")), a.classpath());
        assertFalse(a.help());
    }

    @Test
    void flagsMayComeBeforeTheOperandsAndCpIsAnAlias() throws Exception {
        Path in = Files.createDirectory(dir.resolve("classes"));
        Arguments a = Arguments.parse("-cp", "x.jar", in.toString(), dir.resolve("out").toString());
        assertEquals(List.of(Path.of("x.jar")), a.classpath());
        assertFalse(a.verify());
    }

    @Test
    void helpNeedsNoOperands() throws Exception {
        assertTrue(Arguments.parse("--help").help());
    }

    @Test
    void rejectsNoOperands() {
        assertMessage("expected IN and OUT, got neither");
    }

    @Test
    void rejectsOnlyIn() throws IOException {
        Path in = Files.createDirectory(dir.resolve("classes"));
        assertMessage("expected IN and OUT, got only " + in, in.toString());
    }

    @Test
    void rejectsAThirdOperand() {
        assertMessage("expected only IN and OUT, got also c", "a", "b", "c");
    }

    @Test
    void rejectsAnUnknownOption() {
        assertMessage("unknown option --fast", "--fast", "a", "b");
    }

    @Test
    void rejectsClasspathWithoutValue() {
        assertMessage("--classpath needs a value", "a", "b", "--classpath");
    }

    @Test
    void rejectsAMissingIn() {
        assertMessage("IN " + dir.resolve("nope") + " does not exist", dir.resolve("nope").toString(), "out");
    }

    @Test
    void rejectsOutEqualToIn() throws IOException {
        Path in = Files.createFile(dir.resolve("app.jar"));
        assertMessage("rewriting in place is not supported", in.toString(), in.toString());
    }

    @Test
    void rejectsOutInsideTheInFolder() throws IOException {
        Path in = Files.createDirectory(dir.resolve("classes"));
        assertMessage("lies inside the IN folder", in.toString(), in.resolve("rewritten").toString());
    }

    @Test
    void rejectsAnExistingFileThatIsNotAJarAsOut() throws IOException {
        Path in = Files.createDirectory(dir.resolve("classes"));
        Path out = Files.createFile(dir.resolve("notes.txt"));
        assertMessage("is an existing file but not a .jar or .zip", in.toString(), out.toString());
    }

    @Test
    void rejectsAnUnknownPreemptModeAndABadBlockingMethod() throws IOException {
        Path in = Files.createDirectory(dir.resolve("classes"));
        String out = dir.resolve("out").toString();
        assertMessage("-Djgo.preempt=sometimes: expected loops (the default), calls or off",
                in.toString(), out, "--preempt", "sometimes");
        assertMessage("blocking=call: expected a fully qualified method", in.toString(), out, "--blocking", "call");
        assertMessage("--blocking needs a value", in.toString(), out, "--blocking");
    }

    @Test
    void rejectsABadSuspendablePackage() throws IOException {
        Path in = Files.createDirectory(dir.resolve("classes"));
        String out = dir.resolve("out").toString();
        assertMessage("suspendable package 1 of 2 'com/acme' uses '/'", in.toString(), out, "--suspendable", "com/acme:org.x");
        assertMessage("--suspendable needs a value", in.toString(), out, "--suspendable");
        assertMessage("'javax.swing' is part of the JDK", in.toString(), out, "--suspendable", "javax.swing");
    }

    private static void assertMessage(String expected, String... args) {
        UsageException e = assertThrows(UsageException.class, () -> Arguments.parse(args));
        assertTrue(e.getMessage().contains(expected), () -> "message was: " + e.getMessage());
    }
}
