package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Heavy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs every shell block of README.md and docs/*.md marked {@code <!-- doc-test: run ... -->},
 * as written, with bash, from the top of the repository (after {@code package}: the jars and the
 * samples' rewritten classes are there, as after the README's first command). Each block must exit
 * 0 and write no jgo warning and no exception to stderr. A marked block may not call Maven: it would
 * build in the tree this build is using.
 */
@Heavy
class DocCommandsIT {

    @Test
    void theMarkedShellBlocksRunAsWritten() throws Exception {
        Path top = DocBlocks.top();
        List<DocBlocks.Block> runnable = new ArrayList<>();
        for (Path file : DocBlocks.userDocs(top)) {
            for (DocBlocks.Block block : DocBlocks.blocks(file)) {
                if (block.marker().startsWith("<!-- doc-test: run")) {
                    runnable.add(block);
                }
            }
        }
        assertFalse(runnable.isEmpty(), "no block is marked <!-- doc-test: run -->: is the scan broken?");
        Path work = Commands.freshFolder("doc-commands");
        for (DocBlocks.Block block : runnable) {
            String script = String.join("\n", block.lines());
            assertFalse(script.matches("(?s).*(^|\\s)mvn\\s.*"), block.where() + ": a block DocCommandsIT runs may not call Maven");
            Path stderr = work.resolve("stderr.txt");
            Commands.Result result = Commands.run(top, List.of("bash", "-c", "set -e\n" + script + "\n"), stderr);
            String errors = Files.readString(stderr);
            assertEquals(0, result.status(), block.where() + " failed:\n" + result.output() + errors);
            assertFalse(errors.contains("jgo: warning"), block.where() + " warned:\n" + errors);
            assertFalse(errors.contains("Exception"), block.where() + " threw:\n" + errors);
            assertTrue(result.output().length() > 0, block.where() + " printed nothing");
        }
    }
}
