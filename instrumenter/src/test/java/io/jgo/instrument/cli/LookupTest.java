package io.jgo.instrument.cli;

import static io.jgo.instrument.cli.Trees.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LookupTest {

    @TempDir
    Path dir;

    @Test
    void looksInInFirstThenTheClasspathInOrderThenTheJvm() throws IOException {
        Path in = Trees.folder(dir.resolve("in"), Map.of("a/Shared.class", bytes("from in")));
        Path first = Trees.jar(dir.resolve("first.jar"), Map.of(
                "a/Shared.class", bytes("from first"), "b/Lib.class", bytes("lib from first")));
        Path second = Trees.folder(dir.resolve("second"), Map.of(
                "b/Lib.class", bytes("lib from second"), "c/Other.class", bytes("other from second")));
        List<String> warnings = new ArrayList<>();
        try (Source source = Source.open(in);
             Lookup lookup = Lookup.of(source, List.of(first, dir.resolve("missing.jar"), second),
                     LookupTest.class.getClassLoader(), warnings::add)) {
            assertArrayEquals(bytes("from in"), lookup.find("a/Shared"));
            assertArrayEquals(bytes("lib from first"), lookup.find("b/Lib"));
            assertArrayEquals(bytes("other from second"), lookup.find("c/Other"));
            assertNotNull(lookup.find("java/lang/String"));
            assertNull(lookup.find("no/such/Type"));
        }
        assertEquals(List.of("classpath entry " + dir.resolve("missing.jar") + " does not exist; ignored"), warnings);
    }
}
