package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The cheap half of testing the documentation, run by every {@code mvn verify}: everything a block
 * of README.md, docs/*.md or benchmarks/README.md names must exist — the modules of {@code -pl},
 * the executions of {@code exec:exec@ID}, the samples of {@code -Dsample=}, the tests of
 * {@code -Dtest=}, files and folders of the repository (under {@code target/}: a jar the module's
 * POM names, its class folders, or a file the same block writes first), {@code io.jgo} classes —
 * and every {@code Go.sleep}-style member named anywhere in the text must exist in the API. Every
 * shell block of README.md and docs/ carries a marker saying whether a test runs it (and which), or
 * why not. {@code DocCommandsIT}, {@code ReadmeUsageIT} and {@code ReadmeQuickStartIT} run the marked
 * blocks; {@code DocJavaIT} compiles and runs the java blocks, whose markers are checked here.
 */
class DocReferencesTest {

    private static final Pattern PL = Pattern.compile("(?<=\\s)-pl\\s+(\\S+)");
    private static final Pattern EXEC_ID = Pattern.compile("exec:exec@([\\w-]+)");
    private static final Pattern SAMPLE = Pattern.compile("-Dsample=(\\w+)");
    private static final Pattern TEST = Pattern.compile("-Dtest=['\"]?([\\w,*]+)");
    private static final Pattern PATH = Pattern.compile(
            "(?<![\\w/.$-])((?:runtime|agent|instrumenter|samples|benchmarks|maven-plugin|bom|newest-jdk-tests|scripts|docs|\\.ci)/[\\w./-]*\\w)");
    private static final Pattern CLASS = Pattern.compile("\\bio\\.jgo(?:\\.[a-z]\\w*)*\\.[A-Z]\\w*");
    private static final Pattern MEMBER = Pattern.compile(
            "\\b(Go|Chan|Select|Context|CancelContext|ErrGroup|WaitGroup|Mutex|RWMutex|Once|Cond|Semaphore|Timer|Ticker|Net|Conn|Listener)\\.(?!java\\b)([a-z]\\w*)\\b(?!\\.java)"); // not a file name (Chan.java:95 in a dump)
    private static final List<String> MARKERS = List.of("<!-- doc-test: run", "<!-- doc-test: not run",
            "<!-- doc-test: quickstart run", "<!-- readme-test: run");

    private final Path top = DocBlocks.top();

    @Test
    void everythingTheDocsNameExists() throws IOException {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Path file : allDocs()) {
            for (DocBlocks.Block block : DocBlocks.blocks(file)) {
                String text = String.join("\n", block.lines());
                for (String line : block.lines()) {
                    checked += checkLine(block, line, text, missing);
                }
                Matcher c = CLASS.matcher(text);
                while (c.find()) {
                    checked++;
                    if (!classExists(c.group())) {
                        missing.add(block.where() + ": class " + c.group());
                    }
                }
            }
            Matcher m = MEMBER.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                checked++;
                if (!memberExists(m.group(1), m.group(2))) {
                    missing.add(file.getFileName() + ": " + m.group() + " is not in the API");
                }
            }
        }
        assertEquals(List.of(), missing, "the docs name what does not exist");
        assertTrue(checked > 100, "so few references checked (" + checked + "): is the scan broken?");
    }

    @Test
    void everyShellBlockSaysWhetherATestRunsIt() throws IOException {
        List<String> unmarked = new ArrayList<>();
        for (Path file : DocBlocks.userDocs(top)) {
            for (DocBlocks.Block block : DocBlocks.blocks(file)) {
                if (block.language().equals("sh") && MARKERS.stream().noneMatch(block.marker()::startsWith)) {
                    unmarked.add(block.where() + " (mark it <!-- doc-test: run --> for DocCommandsIT, or <!-- doc-test: not run (why) -->)");
                }
            }
        }
        assertEquals(List.of(), unmarked, "shell blocks that no test runs and no note explains");
    }

    /** The cheap half of {@code DocJavaIT}: every java block's marker is one it reads, and names what to compile. */
    @Test
    void everyJavaBlockHasAMarkerDocJavaItReads() throws IOException {
        int blocks = 0;
        for (Path file : allDocs()) {
            for (DocBlocks.Block block : DocBlocks.blocks(file)) {
                if (block.language().equals("java")) {
                    JavaSnippet.of(block).className(); // throws, naming the block, when it cannot
                    blocks++;
                }
            }
        }
        assertTrue(blocks >= 6, "so few java blocks (" + blocks + "): is the scan broken?");
    }

    private int checkLine(DocBlocks.Block block, String line, String blockText, List<String> missing) throws IOException {
        int checked = 0;
        List<String> modules = new ArrayList<>();
        Matcher pl = PL.matcher(line);
        while (pl.find()) {
            for (String module : pl.group(1).split(",")) {
                checked++;
                modules.add(module);
                if (!Files.isRegularFile(top.resolve(module).resolve("pom.xml"))) {
                    missing.add(block.where() + ": module " + module + " (-pl)");
                }
            }
        }
        Matcher exec = EXEC_ID.matcher(line);
        while (exec.find()) {
            checked++;
            String id = "<id>" + exec.group(1) + "</id>";
            List<Path> poms = modules.isEmpty() ? modulePoms() : modules.stream().map(m -> top.resolve(m).resolve("pom.xml")).toList();
            boolean found = false;
            for (Path pom : poms) {
                found |= Files.isRegularFile(pom) && Files.readString(pom).contains(id);
            }
            if (!found) {
                missing.add(block.where() + ": execution " + exec.group() + " in " + (modules.isEmpty() ? "any module" : modules));
            }
        }
        Matcher sample = SAMPLE.matcher(line);
        while (sample.find()) {
            checked++;
            if (!Files.isRegularFile(top.resolve("samples/src/main/java/io/jgo/samples/" + sample.group(1) + ".java"))) {
                missing.add(block.where() + ": sample " + sample.group(1));
            }
        }
        Matcher test = TEST.matcher(line);
        while (test.find()) {
            for (String name : test.group(1).split(",")) {
                checked++;
                if (!name.contains("*") && !sourceExists(name + ".java")) {
                    missing.add(block.where() + ": test class " + name + " (-Dtest)");
                }
            }
        }
        Matcher path = PATH.matcher(line);
        while (path.find()) {
            checked++;
            String p = path.group(1);
            if (!pathExists(p, blockText, path.start(1), line)) {
                missing.add(block.where() + ": path " + p);
            }
        }
        return checked;
    }

    /**
     * A path outside {@code target/} must exist. Under {@code MODULE/target/}: the module must
     * exist, and the file must be its class folders, a jar its POM names, or written by the block
     * before it is read ({@code filename=PATH}, {@code > PATH}, {@code -o PATH}).
     */
    private boolean pathExists(String p, String blockText, int at, String line) throws IOException {
        int target = p.indexOf("/target/");
        if (target < 0) {
            return Files.exists(top.resolve(p));
        }
        Path module = top.resolve(p.substring(0, target));
        if (!Files.isRegularFile(module.resolve("pom.xml"))) {
            return false;
        }
        String rest = p.substring(target + "/target/".length());
        if (rest.equals("classes") || rest.equals("test-classes") || rest.startsWith("classes/") || rest.startsWith("test-classes/")) {
            return true;
        }
        if (rest.endsWith(".jar") && Files.readString(module.resolve("pom.xml"))
                .contains("<finalName>" + rest.substring(0, rest.length() - 4) + "</finalName>")) {
            return true;
        }
        String before = line.substring(0, at);
        if (before.endsWith("filename=") || before.endsWith("filename=$PWD/") || before.endsWith("> ") || before.endsWith("-o ")) {
            return true; // this command writes it
        }
        // Read after an earlier line of the block wrote it.
        return Pattern.compile("(filename=(\\$PWD/)?|> |-o )" + Pattern.quote(p) + "\\b").matcher(blockText).find()
                && blockText.indexOf(p) < blockText.indexOf(line);
    }

    private boolean classExists(String name) throws IOException {
        return sourceExists(name.replace('.', '/') + ".java");
    }

    /** A file at {@code relative} under some module's src/main/java or src/test/java. */
    private boolean sourceExists(String relative) throws IOException {
        for (Path pom : modulePoms()) {
            for (String root : List.of("src/main/java", "src/test/java")) {
                Path dir = pom.getParent().resolve(root);
                if (relative.contains("/")) {
                    if (Files.isRegularFile(dir.resolve(relative))) {
                        return true;
                    }
                } else if (Files.isDirectory(dir)) {
                    try (Stream<Path> walk = Files.walk(dir)) {
                        if (walk.anyMatch(f -> f.getFileName().toString().equals(relative))) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** {@code Type.member} of the public API: the type's source declares a method, field or constant of that name. */
    private boolean memberExists(String type, String member) throws IOException {
        for (String pkg : List.of("runtime/src/main/java/io/jgo/", "runtime/src/main/java/io/jgo/net/")) {
            Path source = top.resolve(pkg + type + ".java");
            if (Files.isRegularFile(source)
                    && Pattern.compile("\\b" + Pattern.quote(member) + "\\s*[(=;]").matcher(Files.readString(source)).find()) {
                return true;
            }
        }
        return false;
    }

    private List<Path> modulePoms() throws IOException {
        try (Stream<Path> dirs = Files.list(top)) {
            return dirs.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList();
        }
    }

    private List<Path> allDocs() throws IOException {
        Set<Path> files = new LinkedHashSet<>(DocBlocks.userDocs(top));
        files.add(top.resolve("benchmarks/README.md"));
        return List.copyOf(files);
    }
}
