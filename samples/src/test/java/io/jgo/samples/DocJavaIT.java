package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Heavy;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Every {@code java} block of README.md, docs/*.md and benchmarks/README.md compiles as written
 * (with javac, against the packaged runtime jar), fragments inside the wrapper their marker
 * declares ({@link JavaSnippet}); and every one with a {@code main} that no other test runs and
 * that is not marked {@code compile only (why)} runs with the agent: it must exit 0, write nothing
 * to stderr, and print exactly what its marker says the documentation shows. All blocks are tried
 * and every failure is reported, each at its line of the documentation.
 */
@Heavy
class DocJavaIT {

    @Test
    void everyJavaBlockCompilesAndRunsAsWritten() throws Exception {
        Path top = DocBlocks.top();
        Path runtimeJar = top.resolve("runtime/target/jgo-runtime.jar");
        Path agentJar = top.resolve("agent/target/jgo-agent.jar");
        List<Path> files = new ArrayList<>(DocBlocks.userDocs(top));
        if (Files.exists(top.resolve("benchmarks/README.md"))) {
            files.add(top.resolve("benchmarks/README.md"));
        }
        List<JavaSnippet> snippets = new ArrayList<>();
        for (Path file : files) {
            for (DocBlocks.Block block : DocBlocks.blocks(file)) {
                if (block.language().equals("java")) {
                    snippets.add(JavaSnippet.of(block));
                }
            }
        }
        assertTrue(snippets.size() >= 6, "so few java blocks (" + snippets.size() + "): is the scan broken?");

        Path work = Commands.freshFolder("doc-java");
        List<String> failures = new ArrayList<>();
        int compiled = 0;
        int ran = 0;
        for (JavaSnippet s : snippets) {
            if (s.notRun != null) {
                continue;
            }
            Path dir = work.resolve(s.block.file().getFileName() + "-" + s.block.line());
            Path classes = dir.resolve("classes");
            String errors = compile(s, dir.resolve("src"), classes, runtimeJar);
            if (errors != null) {
                failures.add(errors);
                continue;
            }
            compiled++;
            if (s.compileOnly == null && s.hasMain()) {
                String failure = run(s, dir, classes, runtimeJar, agentJar);
                if (failure != null) {
                    failures.add(failure);
                }
                ran++;
            }
        }
        assertEquals(List.of(), failures, "java blocks of the documentation that do not work as written");
        assertTrue(compiled >= 6 && ran >= 2, compiled + " blocks compiled, " + ran + " run: is the scan broken?");
    }

    /** Compiles the snippet's unit into {@code classes}; null, or its errors at their lines of the documentation. */
    private static String compile(JavaSnippet s, Path src, Path classes, Path runtimeJar) throws IOException {
        JavaSnippet.Source source = s.source();
        Path file = src.resolve(s.className().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.createDirectories(classes);
        Files.write(file, source.lines(), StandardCharsets.UTF_8);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(new StringWriter(), files, diagnostics,
                    List.of("-d", classes.toString(), "-cp", runtimeJar.toString(), "-proc:none", "-encoding", "UTF-8"),
                    null, files.getJavaFileObjects(file)).call();
            if (ok) {
                return null;
            }
        }
        StringBuilder errors = new StringBuilder(s.block.where() + ": does not compile as " + s.kind.name().toLowerCase(Locale.ROOT)
                + " (" + file + "):");
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                long line = source.docLine(s, d.getLineNumber());
                errors.append("\n  ").append(line < 0 ? "in the wrapper, line " + d.getLineNumber() + " of " + file.getFileName()
                        : s.block.file().getFileName() + ":" + line).append(": ").append(d.getMessage(Locale.ROOT));
            }
        }
        return errors.toString();
    }

    /** Runs the compiled snippet with the agent; null, or what went wrong. */
    private static String run(JavaSnippet s, Path dir, Path classes, Path runtimeJar, Path agentJar) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        Commands.Result result = Commands.run(dir, Commands.jdk("java", "-javaagent:" + agentJar,
                "-cp", classes + File.pathSeparator + runtimeJar, s.className()), stderr);
        String errors = Files.readString(stderr, StandardCharsets.UTF_8);
        String where = s.block.where() + " (" + s.className() + ")";
        if (result.status() != 0 || !errors.isEmpty()) {
            return where + ": exit status " + result.status() + " (0 expected) and stderr (nothing expected):\n"
                    + errors + "stdout:\n" + result.output();
        }
        if (!s.prints.isEmpty()) {
            List<String> printed = result.output().lines().toList();
            if (!printed.equals(s.prints)) {
                return where + ": printed " + printed + ", its marker says " + s.prints;
            }
            String after = paragraphAfter(s.block);
            for (String line : s.prints) {
                if (!after.contains("`" + line + "`")) {
                    return where + ": the text after the block does not show `" + line + "`, which its marker says it prints:\n" + after;
                }
            }
        }
        return null;
    }

    /** The first paragraph after the block's closing fence. */
    private static String paragraphAfter(DocBlocks.Block block) throws IOException {
        List<String> text = Files.readAllLines(block.file(), StandardCharsets.UTF_8);
        int i = block.line() + block.lines().size() + 1; // 0-based index of the line after the closing fence
        while (i < text.size() && text.get(i).isBlank()) {
            i++;
        }
        StringBuilder paragraph = new StringBuilder();
        while (i < text.size() && !text.get(i).isBlank()) {
            paragraph.append(text.get(i++)).append('\n');
        }
        return paragraph.toString();
    }
}
