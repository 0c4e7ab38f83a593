package io.jgo.it;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a test program in a fresh JVM (without the agent unless the caller passes {@link #agent}),
 * for what only a fresh process shows: system properties read at start, threads left at exit, signals, a small heap.
 */
final class Forked {

    /** Exit status and both streams of a finished program. */
    record Result(int exit, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    private Forked() {
    }

    /**
     * The {@code -javaagent} option this JVM was started with (Surefire's), for a program whose
     * goroutines must unwind rather than pin; an empty list without one.
     */
    static List<String> agent() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-javaagent:")).map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
                .limit(1).collect(java.util.stream.Collectors.toList());
    }

    static ProcessBuilder builder(Path dir, List<String> jvmArgs, Class<?> main, String... args) {
        return builder(dir, jvmArgs, System.getProperty("java.class.path"), main, args);
    }

    /** As {@link #builder(Path, List, Class, String...)} with the class path given. */
    static ProcessBuilder builder(Path dir, List<String> jvmArgs, String classPath, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
    }

    /** Runs the program to its end (the test's timeout bounds a hang). */
    static Result run(Path dir, List<String> jvmArgs, Class<?> main, String... args) throws Exception {
        return run(dir, jvmArgs, System.getProperty("java.class.path"), main, args);
    }

    /** As {@link #run(Path, List, Class, String...)} with the class path given. */
    static Result run(Path dir, List<String> jvmArgs, String classPath, Class<?> main, String... args) throws Exception {
        Process p = builder(dir, jvmArgs, classPath, main, args).start();
        int exit = p.waitFor();
        return new Result(exit, Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }
}
