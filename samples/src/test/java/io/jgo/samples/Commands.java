package io.jgo.samples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs commands for the integration tests, with this JVM's JDK first on the PATH (java, javac, jar). */
final class Commands {

    record Result(int status, String output) {
    }

    private Commands() {
    }

    /** Runs {@code command} in {@code dir}; stdout and stderr together; fails after 3 minutes. */
    static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        return run(dir, command, null);
    }

    /** As {@link #run(Path, List)}, with stderr written to {@code stderr} instead when it is not null. */
    static Result run(Path dir, List<String> command, Path stderr) throws IOException, InterruptedException {
        Path log = Files.createTempFile(stderr == null ? dir : stderr.getParent(), "run", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(log.toFile());
        if (stderr == null) {
            builder.redirectErrorStream(true);
        } else {
            builder.redirectError(stderr.toFile());
        }
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        builder.environment().put("PATH", bin + java.io.File.pathSeparator + System.getenv("PATH"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in 3 minutes: " + Files.readString(log));
        }
        String output = Files.readString(log);
        Files.delete(log);
        return new Result(process.exitValue(), output);
    }

    /** {@code java.home}/bin/{@code tool} followed by {@code args}. */
    static List<String> jdk(String tool, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", tool).toString());
        command.addAll(List.of(args));
        return command;
    }

    /** A fresh, empty folder {@code name} under the integration tests' work folder. */
    static Path freshFolder(String name) throws IOException {
        Path dir = Path.of(System.getProperty("jgo.it.work")).resolve(name);
        if (Files.exists(dir)) {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        return dir;
    }
}
