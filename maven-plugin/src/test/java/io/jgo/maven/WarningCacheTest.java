package io.jgo.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An incremental build repeats the warnings of the classes it does not look at again. */
class WarningCacheTest {

    private static final String MAIN = "app/Main.class";
    private static final String INNER = "app/Main$Inner.class";
    private static final String OTHER = "app/Other.class";
    private static final String MAIN_WARNING = "app.Main.work (Main.java:7) is not @Goroutine but calls io.jgo.Go.gosched, which suspends";
    private static final String INNER_WARNING = "app.Main$Inner.run (Main.java:20) is not @Goroutine but calls io.jgo.Go.sleep, which suspends";

    @TempDir
    Path dir;

    @Test
    void warningsOfUnchangedClassesAreKeptAndThoseOfRecompiledOnesReplaced() throws Exception {
        Path file = dir.resolve("jgo/stamp.warnings");
        List<String> all = List.of(INNER, MAIN, OTHER);
        WarningCache.read(file).after(all, all, List.of(MAIN_WARNING, INNER_WARNING, "a warning that names no class")).write(file);

        WarningCache second = WarningCache.read(file);
        assertEquals(List.of(INNER_WARNING, MAIN_WARNING), second.of(all), "every class unchanged: every warning again");

        // Main recompiled without its warning: Inner's stays, Main's goes.
        second.after(all, List.of(MAIN), List.of()).write(file);
        assertEquals(List.of(INNER_WARNING), WarningCache.read(file).of(all));

        // A class deleted: its warning goes.
        WarningCache.read(file).after(List.of(MAIN, OTHER), List.of(), List.of()).write(file);
        assertEquals(List.of(), WarningCache.read(file).of(all));
    }

    @Test
    void aWarningBelongsToTheLongestClassNameThatStartsIt() {
        assertEquals(INNER, WarningCache.classFileNamedBy(INNER_WARNING, List.of(MAIN, INNER)));
        assertEquals(MAIN, WarningCache.classFileNamedBy(MAIN_WARNING, List.of(MAIN, INNER)));
        assertNull(WarningCache.classFileNamedBy("app.Mainly.x is ...", List.of(MAIN)));
    }

    @Test
    void noFileMeansNothingKept() {
        assertEquals(List.of(), WarningCache.read(dir.resolve("none")).of(List.of(MAIN)));
    }
}
