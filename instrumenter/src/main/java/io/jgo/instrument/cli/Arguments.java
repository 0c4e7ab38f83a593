package io.jgo.instrument.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line {@code IN OUT [--verify] [--verbose] [--classpath CP]}, checked as far as
 * it can be without reading IN.
 *
 * @param in        jar or class folder to read (exists)
 * @param out       jar (name ends with .jar or .zip) or folder to write; never IN, never inside IN
 * @param verify    run ASM's verifier on each rewritten class
 * @param verbose   name each rewritten class on stderr
 * @param classpath where other classes are looked up after IN
 * @param help      {@code --help} was given; nothing else is set then
 */
record Arguments(Path in, Path out, boolean verify, boolean verbose, List<Path> classpath, boolean help) {

    static final String USAGE = String.join(System.lineSeparator(),
            "usage: java -jar jgo-instrumenter.jar IN OUT [--verify] [--verbose] [--classpath CP]",
            "Rewrites the @Goroutine methods of a jar or a class folder ahead of time, so that the",
            "application runs without the jgo agent. Everything else is copied byte-for-byte.",
            "  IN              a jar or a class folder to read",
            "  OUT             where to write: a jar when its name ends with .jar or .zip, else a folder",
            "  --verify        check each rewritten class with ASM's verifier",
            "  --verbose       name each rewritten class on stderr and print a summary",
            "  --classpath CP  (or -cp) where other classes are found, after IN and before the JVM's",
            "                  own; entries separated by '" + File.pathSeparator + "'",
            "  --help          print this text",
            "Exit status: 0 done; 1 an I/O error, or the rewrite failed on a class; 2 bad arguments.");

    static Arguments parse(String... args) throws UsageException {
        List<String> positional = new ArrayList<>();
        boolean verify = false;
        boolean verbose = false;
        List<Path> classpath = List.of();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--help", "-h" -> {
                    return new Arguments(null, null, false, false, List.of(), true);
                }
                case "--verify" -> verify = true;
                case "--verbose" -> verbose = true;
                case "--classpath", "-cp" -> {
                    if (i + 1 == args.length || args[i + 1].isEmpty()) {
                        throw new UsageException(arg + " needs a value: a list of jars and folders separated by '"
                                + File.pathSeparator + "'");
                    }
                    classpath = splitClasspath(args[++i]);
                }
                default -> {
                    if (arg.startsWith("-")) {
                        throw new UsageException("unknown option " + arg);
                    }
                    positional.add(arg);
                }
            }
        }
        if (positional.size() != 2) {
            throw new UsageException(positional.size() < 2
                    ? "expected IN and OUT, got " + (positional.isEmpty() ? "neither" : "only " + positional.get(0))
                    : "expected only IN and OUT, got also " + String.join(" ", positional.subList(2, positional.size())));
        }
        Path in = Path.of(positional.get(0));
        Path out = Path.of(positional.get(1));
        checkInAndOut(in, out);
        return new Arguments(in, out, verify, verbose, classpath, false);
    }

    private static void checkInAndOut(Path in, Path out) throws UsageException {
        if (!Files.exists(in)) {
            throw new UsageException("IN " + in + " does not exist");
        }
        Path absIn = in.toAbsolutePath().normalize();
        Path absOut = out.toAbsolutePath().normalize();
        if (absIn.equals(absOut)) {
            throw new UsageException("OUT must differ from IN (" + in + "); rewriting in place is not supported");
        }
        if (Files.isDirectory(in) && absOut.startsWith(absIn)) {
            throw new UsageException("OUT " + out + " lies inside the IN folder " + in + "; choose a folder outside it");
        }
        if (Files.isRegularFile(out) && !Sink.isJarName(out)) {
            throw new UsageException("OUT " + out + " is an existing file but not a .jar or .zip;"
                    + " name a jar or a folder");
        }
        if (Files.isDirectory(out) && Sink.isJarName(out)) {
            throw new UsageException("OUT " + out + " is named like a jar but is an existing folder");
        }
    }

    private static List<Path> splitClasspath(String value) {
        List<Path> paths = new ArrayList<>();
        for (String part : value.split(File.pathSeparator)) {
            if (!part.isEmpty()) {
                paths.add(Path.of(part));
            }
        }
        return List.copyOf(paths);
    }
}
