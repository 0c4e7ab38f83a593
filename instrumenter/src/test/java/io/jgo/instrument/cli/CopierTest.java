package io.jgo.instrument.cli;

import static io.jgo.instrument.cli.Trees.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copy with a stand-in rewrite: class files whose content is "suspends" become "rewritten". */
class CopierTest {

    private static final UnaryOperator<byte[]> MARKER_REWRITE =
            b -> Arrays.equals(b, bytes("suspends")) ? bytes("rewritten") : null;

    @TempDir
    Path dir;

    private static Map<String, byte[]> app() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("META-INF/MANIFEST.MF", bytes("Manifest-Version: 1.0\r\nMain-Class: app.Main\r\n\r\n"));
        files.put("app/Main.class", bytes("plain"));
        files.put("app/Worker.class", bytes("suspends"));
        files.put("app/messages.properties", bytes("hello=world\n"));
        files.put("module-info.class", bytes("suspends"));
        return files;
    }

    @Test
    void folderToFolderCopiesResourcesAndUnchangedClassesByteForByte() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), app());
        Path out = dir.resolve("out");
        copy(in, out, MARKER_REWRITE, new CopyListener() { });

        Map<String, byte[]> written = Trees.readFolder(out);
        assertEquals(app().keySet(), written.keySet());
        for (String same : List.of("META-INF/MANIFEST.MF", "app/Main.class", "app/messages.properties")) {
            assertArrayEquals(app().get(same), written.get(same), same);
        }
    }

    @Test
    void folderToFolderWritesRewrittenClasses() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), app());
        Path out = dir.resolve("out");
        CopySummary summary = copy(in, out, MARKER_REWRITE, new CopyListener() { });

        assertArrayEquals(bytes("rewritten"), Trees.readFolder(out).get("app/Worker.class"));
        assertEquals(1, summary.rewritten());
        assertEquals(2, summary.classes(), "module-info is not counted as a class to rewrite");
    }

    @Test
    void moduleInfoIsNeverOfferedToTheRewrite() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), app());
        List<String> offered = new ArrayList<>();
        Path out = dir.resolve("out");
        copy(in, out, b -> {
            offered.add(new String(b, java.nio.charset.StandardCharsets.UTF_8));
            return null;
        }, new CopyListener() { });
        assertEquals(List.of("plain", "suspends"), offered);
        assertArrayEquals(bytes("suspends"), Trees.readFolder(out).get("module-info.class"));
    }

    @Test
    void jarToJarKeepsEntryOrderAndBytesAndRewritesClasses() throws IOException {
        Path in = Trees.jar(dir.resolve("in.jar"), app());
        Path out = dir.resolve("out.jar");
        copy(in, out, MARKER_REWRITE, new CopyListener() { });

        Map<String, byte[]> written = Trees.readJar(out);
        assertEquals(new ArrayList<>(app().keySet()), new ArrayList<>(written.keySet()));
        for (Map.Entry<String, byte[]> e : app().entrySet()) {
            byte[] expected = e.getKey().equals("app/Worker.class") ? bytes("rewritten") : e.getValue();
            assertArrayEquals(expected, written.get(e.getKey()), e.getKey());
        }
    }

    @Test
    void jarToJarKeepsStoredEntriesStored() throws IOException {
        Path in = Trees.jar(dir.resolve("in.jar"), app(), "app/messages.properties");
        Path out = dir.resolve("out.jar");
        copy(in, out, MARKER_REWRITE, new CopyListener() { });
        assertEquals(ZipEntry.STORED, Trees.methodOf(out, "app/messages.properties"));
        assertEquals(ZipEntry.DEFLATED, Trees.methodOf(out, "app/Main.class"));
    }

    @Test
    void folderToJarPutsTheManifestFirst() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(app());
        files.put("aaa/First.class", bytes("plain"));
        Path in = Trees.folder(dir.resolve("in"), files);
        Path out = dir.resolve("out.jar");
        copy(in, out, MARKER_REWRITE, new CopyListener() { });
        List<String> names = new ArrayList<>(Trees.readJar(out).keySet());
        assertEquals(List.of("META-INF/", "META-INF/MANIFEST.MF"), names.subList(0, 2));
    }

    @Test
    void jarToFolderWritesEveryFile() throws IOException {
        Path in = Trees.jar(dir.resolve("in.jar"), app());
        Path out = dir.resolve("out");
        copy(in, out, MARKER_REWRITE, new CopyListener() { });
        assertEquals(app().keySet(), Trees.readFolder(out).keySet());
    }

    @Test
    void aRewriteThatThrowsKeepsTheOriginalAndIsReported() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), app());
        Path out = dir.resolve("out");
        List<String> failed = new ArrayList<>();
        CopySummary summary = copy(in, out, b -> {
            throw new IllegalStateException("boom");
        }, new CopyListener() {
            @Override
            public void rewriteFailed(String name, Throwable failure) {
                failed.add(name + ": " + failure.getMessage());
            }
        });
        assertEquals(List.of("app/Main.class: boom", "app/Worker.class: boom"), failed);
        assertEquals(2, summary.failed());
        assertArrayEquals(bytes("suspends"), Trees.readFolder(out).get("app/Worker.class"));
    }

    @Test
    void answeringTheSameArrayCountsAsUnchanged() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), app());
        CopySummary summary = copy(in, dir.resolve("out"), b -> b, new CopyListener() { });
        assertEquals(0, summary.rewritten());
    }

    @Test
    void rewritingASignedJarWarnsThatTheSignatureBreaks() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(app());
        files.put("META-INF/SIGNER.SF", bytes("Signature-Version: 1.0\r\n"));
        Path in = Trees.jar(dir.resolve("in.jar"), files);
        boolean[] warned = {false};
        copy(in, dir.resolve("out.jar"), MARKER_REWRITE, new CopyListener() {
            @Override
            public void signatureBroken() {
                warned[0] = true;
            }
        });
        assertTrue(warned[0]);
    }

    @Test
    void copyingASignedJarUnchangedDoesNotWarn() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(app());
        files.put("META-INF/SIGNER.SF", bytes("Signature-Version: 1.0\r\n"));
        Path in = Trees.jar(dir.resolve("in.jar"), files);
        boolean[] warned = {false};
        copy(in, dir.resolve("out.jar"), b -> null, new CopyListener() {
            @Override
            public void signatureBroken() {
                warned[0] = true;
            }
        });
        assertFalse(warned[0]);
    }

    private static CopySummary copy(Path in, Path out, UnaryOperator<byte[]> rewrite, CopyListener listener)
            throws IOException {
        try (Source source = Source.open(in); Sink sink = Sink.isJarName(out) ? new JarSink(out) : new FolderSink(out)) {
            return new Copier(rewrite, listener).copy(source, sink);
        }
    }
}
