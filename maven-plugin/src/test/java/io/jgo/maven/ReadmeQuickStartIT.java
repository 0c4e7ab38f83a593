package io.jgo.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start, as a user follows it: the blocks marked
 * {@code <!-- doc-test: quickstart file PATH -->} (the complete pom.xml, Hello.java) are written
 * into an empty project, and the block marked {@code <!-- doc-test: quickstart run -->} runs there
 * with bash, as written. The jgo artifacts come from the scratch repository that invoker:install
 * filled (the README's {@code mvn install} into a user's ~/.m2): the run sees it as
 * {@code $HOME/.m2/repository}, with a settings file that mirrors everything else from this build's
 * local repository, so nothing needs the network.
 */
@Tag("heavy")
class ReadmeQuickStartIT {

    private static final String FILE = "<!-- doc-test: quickstart file ";
    private static final String RUN = "<!-- doc-test: quickstart run";

    @Test
    void theQuickStartBuildsAndRunsAsWritten() throws Exception {
        List<String> readme = Files.readAllLines(Path.of(System.getProperty("jgo.repo.top"), "README.md"), StandardCharsets.UTF_8);
        Path work = Path.of(System.getProperty("jgo.it.work")).resolve("quickstart");
        InstrumentMojoIT.deleteTree(work);
        Path project = work.resolve("project");
        Path home = work.resolve("home");
        Files.createDirectories(home.resolve(".m2"));
        Files.createSymbolicLink(home.resolve(".m2/repository"), Path.of(System.getProperty("jgo.it.repo")).toAbsolutePath());
        Files.writeString(home.resolve(".m2/settings.xml"), """
                <settings>
                  <mirrors>
                    <mirror><id>this-build</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                </settings>
                """.formatted(Path.of(System.getProperty("jgo.it.mirror")).toUri()));

        List<String> run = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            String line = readme.get(i).strip();
            if (line.startsWith(FILE)) {
                String name = line.substring(FILE.length(), line.indexOf(" -->")).strip();
                Path target = project.resolve(name);
                Files.createDirectories(target.getParent());
                Files.write(target, fencedBlockAfter(readme, i), StandardCharsets.UTF_8);
                written.add(name);
            } else if (line.startsWith(RUN)) {
                run.addAll(fencedBlockAfter(readme, i));
            }
        }
        assertTrue(written.contains("pom.xml"), "the README marks its quick-start pom.xml: " + written);
        assertTrue(Files.readString(project.resolve("pom.xml")).contains("<jgo.version>" + System.getProperty("jgo.version") + "</jgo.version>"),
                "the README's pom.xml names this build's version");
        assertTrue(run.size() >= 2, "the README marks its quick-start commands: " + run);

        ProcessBuilder builder = new ProcessBuilder("bash", "-c", "set -e\n" + String.join("\n", run) + "\n")
                .directory(project.toFile()).redirectErrorStream(true);
        Path log = work.resolve("run.log");
        builder.redirectOutput(log.toFile());
        Path javaBin = Path.of(System.getProperty("java.home"), "bin");
        Path mavenBin = Path.of(System.getProperty("maven.home"), "bin");
        builder.environment().put("PATH", javaBin + File.pathSeparator + mavenBin + File.pathSeparator + System.getenv("PATH"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("HOME", home.toString());
        builder.environment().put("MAVEN_OPTS", "-Duser.home=" + home);
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the quick start did not finish in 5 minutes: " + Files.readString(log));
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), output);
        List<String> hellos = output.lines().filter(l -> l.contains("hello ")) // after Maven's colour codes, on the line the build ended
                .map(l -> l.substring(l.indexOf("hello "))).sorted().toList();
        assertEquals(IntStream.range(0, 10).mapToObj(i -> "hello " + i).toList(), hellos, output);
        assertFalse(output.contains("warning"), "the quick start warns:\n" + output);
    }

    /** The lines of the fenced block that starts right after line {@code marker}. */
    private static List<String> fencedBlockAfter(List<String> readme, int marker) {
        if (marker + 1 >= readme.size() || !readme.get(marker + 1).startsWith("```")) {
            throw new AssertionError("README line " + (marker + 1) + " marks a block, but no fenced block follows it");
        }
        List<String> block = new ArrayList<>();
        for (int i = marker + 2; i < readme.size(); i++) {
            if (readme.get(i).startsWith("```")) {
                return block;
            }
            block.add(readme.get(i));
        }
        throw new AssertionError("the fenced block after README line " + (marker + 1) + " is not closed");
    }
}
