package io.jgo.bench.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The network comparison at the smallest size, so a broken benchmark fails the build: every
 * server kind in its own JVM, 10 connections, 100 requests through the real load generator in its
 * own JVM, every byte of every answer checked there (a wrong byte, a closed connection or a
 * missing answer makes it exit 1 and the row fail).
 */
@Timeout(300)
@Tag("heavy")
class NetCompareSmokeTest {

    @Test
    void everyServerAnswersEveryRequestCorrectly(@TempDir Path out) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        NetCompare.Options options = NetCompare.Options.parse("--requests", "100", "--conns", "10", "--http-conns", "10",
                "--parallelism", "1", "--jvm-args", "-Xms64m,-Xmx256m", "--out", out.toString());
        List<NetCompare.Row> rows = NetCompare.run(options, new PrintStream(text, true, StandardCharsets.UTF_8));
        String report = text.toString(StandardCharsets.UTF_8);
        System.err.println(report);
        assertEquals(ServerKind.values().length, rows.size(), report);
        for (NetCompare.Row r : rows) {
            assertTrue(r.measured(), r.server().id() + ": " + r.problem());
            assertEquals(100.0, r.get("requests"), r.server().id() + " requests answered and checked");
        }
    }
}
