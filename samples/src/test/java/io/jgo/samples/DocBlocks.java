package io.jgo.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fenced blocks of the user-facing Markdown (README.md, docs/*.md, benchmarks/README.md), each
 * with the HTML comment that marks it, if the line right before its opening fence is one
 * ({@code <!-- doc-test: run ... -->}, {@code <!-- doc-test: not run ... -->}, ...).
 */
final class DocBlocks {

    /** A fenced block: its file, the line of its opening fence (1-based), its language, its marker (or ""), its lines. */
    record Block(Path file, int line, String language, String marker, List<String> lines) {
        String where() {
            return file.getFileName() + ":" + line;
        }
    }

    private DocBlocks() {
    }

    /** The top of the repository (the build passes it). */
    static Path top() {
        try {
            return Path.of(System.getProperty("jgo.repo.top")).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** README.md and docs/*.md: the files whose every shell block must say whether a test runs it. */
    static List<Path> userDocs(Path top) throws IOException {
        List<Path> files = new ArrayList<>(List.of(top.resolve("README.md")));
        try (Stream<Path> docs = Files.list(top.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    static List<Block> blocks(Path file) throws IOException {
        List<String> text = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String open = text.get(i).strip();
            if (!open.startsWith("```")) {
                continue;
            }
            String marker = i > 0 && text.get(i - 1).strip().startsWith("<!--") ? text.get(i - 1).strip() : "";
            List<String> lines = new ArrayList<>();
            int close = i + 1;
            while (close < text.size() && !text.get(close).strip().startsWith("```")) {
                lines.add(text.get(close));
                close++;
            }
            if (close == text.size()) {
                throw new AssertionError(file + ":" + (i + 1) + ": the fenced block is not closed");
            }
            blocks.add(new Block(file, i + 1, open.substring(3).strip(), marker, lines));
            i = close;
        }
        return blocks;
    }
}
