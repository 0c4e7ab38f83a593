package io.jgo.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code java} block of the documentation as a compilation unit: what its marker (the HTML
 * comment on the line before it) says it is, and the source that compiles it as written. The
 * markers, which docs/development.md lists:
 * <pre>
 * (none)                                    a whole compilation unit; run when it has a main
 * &lt;!-- doc-test: java KIND[, compile only (WHY)][, prints `LINE` `LINE`...][, given: MEMBERS] --&gt;
 * &lt;!-- doc-test: quickstart file PATH --&gt;, &lt;!-- readme-test: file PATH --&gt;   compiled here, run by another test
 * &lt;!-- doc-test: not run (WHY) --&gt;          neither compiled nor run
 * </pre>
 * KIND is {@code class} (the default: a whole compilation unit), {@code members} (methods and
 * fields: they go into a class) or {@code statements} (they go into a {@code @Goroutine} method
 * that a {@code main} runs as the main goroutine, and may throw). {@code given:} adds members that
 * the fragment uses but does not show ({@code fetch(url)}); fragments get the {@link #IMPORTS}.
 * {@code prints} is the program's whole stdout, line by line, and must be shown, in backquotes, in
 * the text after the block.
 */
final class JavaSnippet {

    /** What a fragment (members, statements) may use without importing it. */
    static final List<String> IMPORTS = List.of("static io.jgo.Go.go", "io.jgo.*", "io.jgo.net.*", "java.io.*", "java.net.*",
            "java.nio.*", "java.time.*", "java.util.*");

    enum Kind { CLASS, MEMBERS, STATEMENTS }

    private static final String JAVA_MARKER = "<!-- doc-test: java";
    private static final List<String> RUN_ELSEWHERE = List.of("<!-- doc-test: quickstart file ", "<!-- readme-test: file ");
    private static final String NOT_RUN = "<!-- doc-test: not run (";
    private static final Pattern KIND = Pattern.compile("^(class|members|statements)\\b");
    private static final Pattern COMPILE_ONLY = Pattern.compile("\\bcompile only \\(([^)]+)\\)");
    private static final Pattern PRINTS = Pattern.compile("\\bprints((?:\\s+`[^`]*`)+)");
    private static final Pattern QUOTED = Pattern.compile("`([^`]*)`");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern PUBLIC_CLASS = Pattern.compile("(?m)^public\\s+(?:final\\s+)?class\\s+(\\w+)");
    private static final Pattern MAIN = Pattern.compile("\\bstatic\\s+void\\s+main\\s*\\(\\s*String");

    final DocBlocks.Block block;
    final Kind kind;
    /** Why it is compiled but not run here, or null when it runs (if it has a main). */
    final String compileOnly;
    /** Why it is not even compiled, or null. */
    final String notRun;
    /** The stdout it must print, line by line; empty when the documentation shows none. */
    final List<String> prints;
    /** Members the fragment uses but does not show, or "". */
    final String given;

    private JavaSnippet(DocBlocks.Block block, Kind kind, String compileOnly, String notRun, List<String> prints, String given) {
        this.block = block;
        this.kind = kind;
        this.compileOnly = compileOnly;
        this.notRun = notRun;
        this.prints = prints;
        this.given = given;
    }

    /** The block's snippet; an error naming the block when its marker is not one of the above. */
    static JavaSnippet of(DocBlocks.Block block) {
        String marker = block.marker();
        if (marker.isEmpty()) {
            return new JavaSnippet(block, Kind.CLASS, null, null, List.of(), "");
        }
        for (String elsewhere : RUN_ELSEWHERE) {
            if (marker.startsWith(elsewhere)) {
                String test = elsewhere.contains("quickstart") ? "ReadmeQuickStartIT" : "ReadmeUsageIT";
                return new JavaSnippet(block, Kind.CLASS, test + " runs it", null, List.of(), "");
            }
        }
        if (marker.startsWith(NOT_RUN)) {
            return new JavaSnippet(block, Kind.CLASS, null, marker.substring(NOT_RUN.length()), List.of(), "");
        }
        if (!marker.startsWith(JAVA_MARKER) || !marker.endsWith("-->")) {
            throw new AssertionError(block.where() + ": a java block's marker must be " + JAVA_MARKER
                    + " ... -->, a file marker of ReadmeQuickStartIT or ReadmeUsageIT, or <!-- doc-test: not run (why) -->; it is "
                    + marker);
        }
        String text = marker.substring(JAVA_MARKER.length(), marker.length() - "-->".length()).strip();
        String given = "";
        int g = text.indexOf("given:");
        if (g >= 0) {
            given = text.substring(g + "given:".length()).strip();
            text = text.substring(0, g);
        }
        Kind k = Kind.CLASS;
        String rest = text;
        Matcher kind = KIND.matcher(text);
        if (kind.find()) {
            k = Kind.valueOf(kind.group(1).toUpperCase(java.util.Locale.ROOT));
            rest = text.substring(kind.end());
        }
        Matcher compileOnly = COMPILE_ONLY.matcher(rest);
        String why = compileOnly.find() ? compileOnly.group(1) : null;
        List<String> prints = new ArrayList<>();
        Matcher p = PRINTS.matcher(rest);
        if (p.find()) {
            Matcher q = QUOTED.matcher(p.group(1));
            while (q.find()) {
                prints.add(q.group(1));
            }
        }
        String leftOver = COMPILE_ONLY.matcher(PRINTS.matcher(rest).replaceAll("")).replaceAll("").replaceAll("[\\s,]", "");
        if (!leftOver.isEmpty()) {
            throw new AssertionError(block.where() + ": the marker " + marker + " has words it does not know ("
                    + leftOver + "); it reads: java [class|members|statements][, compile only (why)][, prints `line`...][, given: members]");
        }
        return new JavaSnippet(block, k, why, null, List.copyOf(prints), given);
    }

    /** The binary name of the class that holds the snippet. */
    String className() {
        if (kind != Kind.CLASS) {
            return wrapperName();
        }
        String text = String.join("\n", block.lines());
        Matcher c = PUBLIC_CLASS.matcher(text);
        if (!c.find()) {
            throw new AssertionError(block.where() + ": a java block without a marker is a whole compilation unit with a"
                    + " public class; mark a fragment <!-- doc-test: java members --> or <!-- doc-test: java statements -->");
        }
        Matcher p = PACKAGE.matcher(text);
        return p.find() ? p.group(1) + "." + c.group(1) : c.group(1);
    }

    /** Does the compiled snippet have a {@code main} to run? Statements always do (the wrapper's). */
    boolean hasMain() {
        return kind == Kind.STATEMENTS || MAIN.matcher(String.join("\n", block.lines())).find();
    }

    /** The compilation unit: the block as written, inside its wrapper for a fragment. */
    Source source() {
        List<String> out = new ArrayList<>();
        if (kind == Kind.CLASS) {
            return new Source(List.copyOf(block.lines()), 1);
        }
        for (String i : IMPORTS) {
            out.add("import " + i + ";");
        }
        out.add("/** " + block.where() + ", wrapped as " + kind.name().toLowerCase(java.util.Locale.ROOT) + " */");
        out.add("public class " + wrapperName() + " {");
        if (!given.isEmpty()) {
            out.add(given);
        }
        if (kind == Kind.STATEMENTS) {
            out.add("public static void main(String[] args) {");
            out.add("    Go.run(() -> { try { snippet(); } catch (Exception e) { throw new RuntimeException(e); } });");
            out.add("}");
            out.add("@Goroutine static void snippet() throws Exception {");
        }
        int first = out.size() + 1;
        out.addAll(block.lines());
        if (kind == Kind.STATEMENTS) {
            out.add("}");
        }
        out.add("}");
        return new Source(out, first);
    }

    private String wrapperName() {
        String file = block.file().getFileName().toString().replace(".md", "").replaceAll("\\W", "_");
        return "Doc_" + file + "_" + block.line();
    }

    /**
     * A compilation unit and the line (1-based) where the block's first line is in it, to name the
     * documentation's line of a compiler error.
     */
    record Source(List<String> lines, int firstBlockLine) {

        /** The documentation line of the unit's line {@code line}, or -1 if it is the wrapper's. */
        long docLine(JavaSnippet s, long line) {
            long offset = line - firstBlockLine;
            return offset < 0 || offset >= s.block.lines().size() ? -1 : s.block.line() + 1 + offset;
        }
    }
}
