package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.WideFrames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-time paths never write a class the JVM would refuse: a frame wider than one save helper
 * is written as a class that loads, and a class whose rewrite would pass a JVM limit is written as it
 * was, named with its method, descriptor and the limit (the CLI carries on, as for every class it
 * cannot rewrite; {@link FolderRewrite}, under the Maven plugin, reports it as refused).
 */
class LimitsTest {

    private static final String WIDE = "w/Longs";
    private static final String HUGE = "w/Huge";

    @TempDir
    Path dir;

    private static byte[] wide() {
        return WideFrames.named(WIDE).locals(WideFrames.repeat("J", 126)).bytes();
    }

    /** Some 65,300 bytes of code: its rewrite would pass the JVM's 65,535. */
    private static byte[] huge() {
        return WideFrames.named(HUGE).locals(WideFrames.repeat("J", 20)).filler(65_000).bytes();
    }

    /** Defines the class in a throwaway loader: the JVM's format checks run (linking would need the runtime). */
    private static void define(String name, byte[] bytes) {
        new ClassLoader(null) {
            Class<?> define() {
                return defineClass(name.replace('/', '.'), bytes, 0, bytes.length);
            }
        }.define();
    }

    @Test
    void theCliWritesAMethodWith126LiveLongsAsAClassThatLoads() throws IOException {
        Path in = Trees.jar(dir.resolve("app.jar"), Map.of(WIDE + ".class", wide()));
        Path out = dir.resolve("out.jar");
        CliRun run = CliRun.of(in.toString(), out.toString(), "--verbose");
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("1 rewritten"), run.stderr());
        define(WIDE, Trees.readJar(out).get(WIDE + ".class"));
    }

    @Test
    void theCliCopiesAClassWhoseRewriteWouldPassALimitUnchangedAndSaysWhy() throws IOException {
        byte[] huge = huge();
        define(HUGE, huge);
        Path in = Trees.jar(dir.resolve("app.jar"), Map.of(HUGE + ".class", huge, WIDE + ".class", wide()));
        Path out = dir.resolve("out.jar");
        CliRun run = CliRun.of(in.toString(), out.toString());
        assertEquals(Main.OK, run.status(), "a class left as it was is safe (suspending in it pins): " + run.stderr());
        assertTrue(run.stderr().contains("jgo: cannot instrument w.Huge.compute()J: its rewritten code would be ")
                && run.stderr().contains(" bytes of bytecode, over the JVM's limit of 65535 per method (64 KiB); to have it"
                        + " rewritten, split the method") && run.stderr().contains("the class is left as it was"), run.stderr());
        assertTrue(run.stderr().contains("jgo-instrumenter: 1 class(es) could not be rewritten and were copied unchanged"),
                run.stderr());
        Map<String, byte[]> written = Trees.readJar(out);
        assertArrayEquals(huge, written.get(HUGE + ".class"));
        define(WIDE, written.get(WIDE + ".class"));
    }

    @Test
    void theFolderRewriteOfBuildToolsRefusesAClassWhoseRewriteWouldPassALimitAndLeavesItAsItWas() throws IOException {
        byte[] huge = huge();
        Path classes = Trees.folder(dir.resolve("classes"), Map.of(HUGE + ".class", huge, WIDE + ".class", wide()));
        FolderRewrite.Report report = new FolderRewrite(classes, List.of(), ClassBytes.of(null), true,
                RewriteOptions.of(PreemptMode.LOOPS)).rewrite(List.of(HUGE + ".class", WIDE + ".class"));
        assertFalse(report.ok(), "the Maven plugin fails the build on it: " + report);
        assertEquals(List.of(WIDE + ".class"), report.rewritten());
        assertEquals(1, report.refused().size(), report.toString());
        InstrumentationException e = report.refused().get(0);
        assertEquals(HUGE, e.className());
        assertEquals("compute", e.methodName());
        assertEquals("()J", e.descriptor());
        assertArrayEquals(huge, Files.readAllBytes(classes.resolve(HUGE + ".class")));
        define(WIDE, Files.readAllBytes(classes.resolve(WIDE + ".class")));
    }
}
