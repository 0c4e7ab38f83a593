package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IN is never written, whatever OUT names (symbolic links included), and OUT is replaced only by a
 * complete result: a run that fails leaves it as it was and leaves no temporary behind.
 */
class InAndOutTest {

    @TempDir
    Path dir;

    private static Map<String, byte[]> app() {
        return Map.of(SuspendingClass.NAME + ".class", SuspendingClass.bytes(), "app.properties", Trees.bytes("k=v\n"));
    }

    @Test
    void anOutJarThatLinksToTheInJarIsRefusedAndInIsUntouched() throws IOException {
        Path in = Trees.jar(dir.resolve("app.jar"), app());
        byte[] before = Files.readAllBytes(in);
        Path out = Files.createSymbolicLink(dir.resolve("out.jar"), in);
        CliRun run = CliRun.of(in.toString(), out.toString());
        assertEquals(Main.BAD_ARGUMENTS, run.status(), run.stderr());
        assertTrue(run.stderr().contains("OUT " + out + " is IN " + in), run.stderr());
        assertTrue(run.stderr().contains("resolves to"), run.stderr());
        assertArrayEquals(before, Files.readAllBytes(in));
    }

    @Test
    void anOutFolderThatLinksToTheInFolderIsRefusedAndInIsUntouched() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), app());
        Path out = Files.createSymbolicLink(dir.resolve("out"), in);
        CliRun run = CliRun.of(in.toString(), out.toString());
        assertEquals(Main.BAD_ARGUMENTS, run.status(), run.stderr());
        assertTrue(run.stderr().contains("rewriting in place is not supported"), run.stderr());
        assertArrayEquals(SuspendingClass.bytes(), Files.readAllBytes(in.resolve(SuspendingClass.NAME + ".class")));
    }

    @Test
    void anOutInsideInThroughALinkedParentIsRefused() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), app());
        Path link = Files.createSymbolicLink(dir.resolve("link"), in);
        CliRun run = CliRun.of(in.toString(), link.resolve("rewritten").toString());
        assertEquals(Main.BAD_ARGUMENTS, run.status(), run.stderr());
        assertTrue(run.stderr().contains("lies inside the IN folder"), run.stderr());
        assertFalse(Files.exists(in.resolve("rewritten")));
    }

    @Test
    void anOutFolderThatContainsInIsRefused() throws IOException {
        Path in = Trees.folder(dir.resolve("build/classes"), app());
        CliRun run = CliRun.of(in.toString(), dir.resolve("build").toString());
        assertEquals(Main.BAD_ARGUMENTS, run.status(), run.stderr());
        assertTrue(run.stderr().contains("IN " + in + " lies inside OUT"), run.stderr());
    }

    @Test
    void aFailedRunLeavesAnExistingOutJarAsItWasAndNoTemporary() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), app());
        Files.createSymbolicLink(in.resolve("dangling.txt"), dir.resolve("nowhere"));
        Path out = Files.writeString(dir.resolve("out.jar"), "the previous build");
        CliRun run = CliRun.of(in.toString(), out.toString());
        assertEquals(Main.FAILED, run.status(), run.stderr());
        assertEquals("the previous build", Files.readString(out));
        assertTrue(run.stderr().contains("OUT " + out + " was left as it was"), run.stderr());
        assertEquals(List.of(), temporaries());
    }

    @Test
    void aFailedRunIntoAnExistingFolderWritesNothingThere() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), app());
        Files.createSymbolicLink(in.resolve("zz-dangling.txt"), dir.resolve("nowhere"));
        Path out = Trees.folder(dir.resolve("out"), Map.of("keep.txt", Trees.bytes("mine")));
        CliRun run = CliRun.of(in.toString(), out.toString());
        assertEquals(Main.FAILED, run.status(), run.stderr());
        assertEquals(Map.of("keep.txt", "mine"), Map.of("keep.txt", Files.readString(out.resolve("keep.txt"))));
        assertEquals(1, Trees.readFolder(out).size(), Trees.readFolder(out).keySet().toString());
        assertEquals(List.of(), temporaries());
    }

    @Test
    void aJarOutIsReplacedWholeAndAFolderOutKeepsFilesInDoesNotHave() throws IOException {
        Path in = Trees.jar(dir.resolve("app.jar"), app());
        Path jarOut = Trees.jar(dir.resolve("out.jar"), Map.of("stale.txt", Trees.bytes("old")));
        assertEquals(Main.OK, CliRun.of(in.toString(), jarOut.toString()).status());
        assertEquals(app().keySet(), Trees.readJar(jarOut).keySet());

        Path folderOut = Trees.folder(dir.resolve("out"), Map.of("keep.txt", Trees.bytes("mine"), "app.properties", Trees.bytes("old")));
        assertEquals(Main.OK, CliRun.of(in.toString(), folderOut.toString()).status());
        Map<String, byte[]> written = Trees.readFolder(folderOut);
        assertEquals("mine", new String(written.get("keep.txt")));
        assertEquals("k=v\n", new String(written.get("app.properties")));
        assertFalse(java.util.Arrays.equals(SuspendingClass.bytes(), written.get(SuspendingClass.NAME + ".class")));
        assertEquals(List.of(), temporaries());
    }

    /** Leftover staging files or folders ({@code .NAME.jgo-HEX.tmp}) in the test folder. */
    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
