package io.jgo.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which class files the next run looks at. */
class StampTest {

    @TempDir
    Path dir;

    private Path classes() throws IOException {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("a"));
        Files.write(classes.resolve("a/One.class"), new byte[] {1});
        Files.write(classes.resolve("a/Two.class"), new byte[] {2});
        Files.write(classes.resolve("a/notes.txt"), new byte[] {3});
        return classes;
    }

    @Test
    void listsClassFilesOnly() throws IOException {
        assertEquals(List.of("a/One.class", "a/Two.class"), Stamp.classFiles(classes()));
    }

    @Test
    void withoutAStampEverythingChanged() throws IOException {
        Path classes = classes();
        Stamp none = Stamp.read(dir.resolve("absent.stamp"));
        assertFalse(none.unchanged("a/One.class", classes.resolve("a/One.class")));
        assertFalse(none.sameOptions("x"));
    }

    @Test
    void aFileRewrittenByTheCompilerSinceTheStampHasChanged() throws IOException {
        Path classes = classes();
        Path stampFile = dir.resolve("jgo/instrument.stamp");
        Stamp.write(stampFile, classes, "opts", List.of());

        Path two = classes.resolve("a/Two.class");
        Files.write(two, new byte[] {2}); // same size
        Files.setLastModifiedTime(two, FileTime.fromMillis(Files.getLastModifiedTime(two).toMillis() + 2000));
        Files.write(classes.resolve("a/Three.class"), new byte[] {4});

        Stamp stamp = Stamp.read(stampFile);
        assertTrue(stamp.sameOptions("opts"));
        assertFalse(stamp.sameOptions("other"));
        assertTrue(stamp.unchanged("a/One.class", classes.resolve("a/One.class")));
        assertFalse(stamp.unchanged("a/Two.class", two), "same size, other time");
        assertFalse(stamp.unchanged("a/Three.class", classes.resolve("a/Three.class")), "new");
    }

    @Test
    void aClassToRetryIsNotRecorded() throws IOException {
        Path classes = classes();
        Path stampFile = dir.resolve("instrument.stamp");
        Stamp.write(stampFile, classes, "opts", List.of("a/Two.class"));

        Stamp stamp = Stamp.read(stampFile);
        assertTrue(stamp.unchanged("a/One.class", classes.resolve("a/One.class")));
        assertFalse(stamp.unchanged("a/Two.class", classes.resolve("a/Two.class")));
    }
}
