package io.jgo.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/** Failure messages, and the run log under {@code target/} (every failing program is kept there too). */
final class FuzzReport {

    private static final Path DIR = Path.of("target", "fuzz");

    private FuzzReport() {
    }

    static String failure(ProgramSource program, long seed, FuzzHarness.Verdict verdict) {
        StringBuilder out = new StringBuilder();
        out.append("rewritten program diverged from plain Java (run seed ").append(seed).append(")\n");
        for (String f : verdict.failures()) {
            out.append("  ").append(f).append('\n');
        }
        out.append("---- program ").append(program.className()).append(" ----\n").append(program);
        keep(program, out.toString());
        return out.toString();
    }

    private static void keep(ProgramSource program, String text) {
        try {
            Files.createDirectories(DIR);
            Files.writeString(DIR.resolve("failure-" + program.className() + ".txt"), text);
        } catch (IOException ignored) {
            // the log is a convenience; the assertion message carries the same text
        }
    }

    /** With {@code -Djgo.fuzz.dump=true}, every generated program goes to {@code target/fuzz/programs/}. */
    static void dumpIfAsked(ProgramSource program) {
        dumpIfAsked(program.className() + ".java", program.toString());
    }

    static void dumpIfAsked(String file, String text) {
        if (!Boolean.getBoolean("jgo.fuzz.dump")) {
            return;
        }
        try {
            Path dir = DIR.resolve("programs");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(file), text);
        } catch (IOException ignored) {
            // see keep
        }
    }

    static void logTotals(Stats stats) {
        String line = Instant.now() + " features=" + System.getProperty("jgo.fuzz.features", "ci") + "\n" + stats;
        System.err.println("jgo fuzz totals:\n" + stats);
        try {
            Files.createDirectories(DIR);
            Files.writeString(DIR.resolve("totals.log"), line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException ignored) {
            // see above
        }
    }
}
