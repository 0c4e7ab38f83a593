package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The in-place rewrite build tools use: only the chosen files change, and a second run changes nothing. */
class FolderRewriteTest {

    private static final String SUSPENDING = SuspendingClass.NAME + ".class";
    private static final String PLAIN = "fixture/Plain.class";

    @TempDir
    Path dir;

    private FolderRewrite rewriteOf(Path classes) {
        return new FolderRewrite(classes, List.of(), ClassBytes.of(null), true, RewriteOptions.of(PreemptMode.LOOPS));
    }

    @Test
    void rewritesTheChosenClassInPlaceAndLeavesTheRest() throws IOException {
        byte[] plain = Trees.classFileOf(FolderRewriteTest.class);
        Path classes = Trees.folder(dir.resolve("classes"), Map.of(SUSPENDING, SuspendingClass.bytes(), PLAIN, plain,
                "app.properties", Trees.bytes("k=v")));

        FolderRewrite.Report report = rewriteOf(classes).rewrite(List.of(SUSPENDING, PLAIN, "app.properties"));

        assertEquals(List.of(SUSPENDING), report.rewritten());
        assertTrue(report.ok(), report.toString());
        byte[] after = Files.readAllBytes(classes.resolve(SUSPENDING));
        assertTrue(after.length > SuspendingClass.bytes().length, "the file holds the rewrite");
        assertArrayEquals(plain, Files.readAllBytes(classes.resolve(PLAIN)));
        try (var leftovers = Files.list(classes.resolve("fixture"))) {
            assertEquals(2, leftovers.count(), "no temporary file is left next to the classes");
        }
    }

    @Test
    void theRewrittenFileKeepsTheOriginalsPermissions() throws IOException {
        Path classes = Trees.folder(dir.resolve("classes"), Map.of(SUSPENDING, SuspendingClass.bytes()));
        Path file = classes.resolve(SUSPENDING);
        assumeTrue(Files.getFileAttributeView(file, PosixFileAttributeView.class) != null, "a POSIX file system");
        Set<PosixFilePermission> readableByAll = PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(file, readableByAll);

        FolderRewrite.Report report = rewriteOf(classes).rewrite(List.of(SUSPENDING));

        assertEquals(List.of(SUSPENDING), report.rewritten());
        assertEquals(readableByAll, Files.getPosixFilePermissions(file), "another user can still read the class");
    }

    @Test
    void aSecondRunOverTheSameFilesRewritesNothing() throws IOException {
        Path classes = Trees.folder(dir.resolve("classes"), Map.of(SUSPENDING, SuspendingClass.bytes()));
        rewriteOf(classes).rewrite(List.of(SUSPENDING));
        byte[] once = Files.readAllBytes(classes.resolve(SUSPENDING));

        FolderRewrite.Report again = rewriteOf(classes).rewrite(List.of(SUSPENDING));

        assertEquals(List.of(), again.rewritten());
        assertArrayEquals(once, Files.readAllBytes(classes.resolve(SUSPENDING)));
    }

    @Test
    void aFileNotChosenIsNotRewrittenEvenIfItCouldBe() throws IOException {
        Path classes = Trees.folder(dir.resolve("classes"), Map.of(SUSPENDING, SuspendingClass.bytes()));

        FolderRewrite.Report report = rewriteOf(classes).rewrite(List.of());

        assertEquals(List.of(), report.rewritten());
        assertArrayEquals(SuspendingClass.bytes(), Files.readAllBytes(classes.resolve(SUSPENDING)));
    }

    @Test
    void aMalformedClassFileIsReportedAndLeftAlone() throws IOException {
        Path classes = Trees.folder(dir.resolve("classes"), Map.of("fixture/Broken.class", new byte[] {1, 2, 3}));

        FolderRewrite.Report report = rewriteOf(classes).rewrite(List.of("fixture/Broken.class"));

        assertEquals(1, report.malformed().size(), report.toString());
        assertTrue(report.malformed().get(0).startsWith("fixture/Broken.class: "), report.malformed().get(0));
        assertTrue(report.ok(), "a broken input file is no refusal");
    }

    @Test
    void jdkImageReadsTheClassesOfTheRunningJdk() throws IOException {
        try (JdkImage jdk = JdkImage.open(Path.of(System.getProperty("java.home")))) {
            byte[] object = jdk.find("java/lang/Object");
            assertNotNull(object);
            assertArrayEquals(ClassBytes.of(null).find("java/lang/Object"), object);
            assertNotNull(jdk.find("java/sql/Connection"), "a class of another module than java.base");
            assertEquals(null, jdk.find("com/acme/Absent"));
        }
    }

    @Test
    void jdkImageRefusesAFolderThatIsNoJdk() {
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> JdkImage.open(dir));
        assertTrue(e.getMessage().contains("is not a JDK 9 or newer"), e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }
}
