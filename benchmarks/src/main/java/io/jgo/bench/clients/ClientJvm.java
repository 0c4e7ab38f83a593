package io.jgo.bench.clients;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one client JVM to its end and returns the fields of the {@code RESULT k=v k=v ...} line it
 * printed; its lines starting with {@code wrong: } are echoed, indented, under the mode's name.
 * Fails with an IOException holding the output's tail when the client prints no result, and after
 * 30 minutes.
 */
public final class ClientJvm {

    private ClientJvm() {
    }

    public static Map<String, String> run(String mode, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("jgo-client-", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(30, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(mode + " client still running after 30 minutes");
            }
            List<String> lines = Files.readAllLines(out);
            lines.stream().filter(l -> l.startsWith("wrong: ")).forEach(l -> System.out.println("    " + mode + " " + l));
            for (String line : lines) {
                if (line.startsWith("RESULT ")) {
                    return fields(line.substring("RESULT ".length()));
                }
            }
            throw new IOException(mode + " client exited " + p.exitValue() + " without a result: "
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** {@code k=v} pairs separated by spaces, in order. */
    static Map<String, String> fields(String result) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String f : result.split(" ")) {
            int eq = f.indexOf('=');
            if (eq > 0) {
                m.put(f.substring(0, eq), f.substring(eq + 1));
            }
        }
        return m;
    }
}
