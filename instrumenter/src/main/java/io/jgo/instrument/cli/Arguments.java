package io.jgo.instrument.cli;

import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line {@code IN OUT [--verify] [--verbose] [--classpath CP]}, checked as far as
 * it can be without reading IN.
 *
 * @param in        jar or class folder to read (exists)
 * @param out       jar (name ends with .jar or .zip) or folder to write; after resolving symbolic links
 *                  never IN, never inside IN, never containing IN
 * @param verify    run ASM's verifier on each rewritten class
 * @param verbose   name each rewritten class on stderr
 * @param classpath where other classes are looked up after IN
 * @param help      {@code --help} was given; nothing else is set then
 * @param rewrite   the preemption mode ({@code --preempt}, else {@code -Djgo.preempt}) and the
 *                  application's blocking methods ({@code --blocking}), the suspendable packages
 *                  ({@code --suspendable}; {@code *} when not given, but for {@code --jgo-runtime-api})
 */
record Arguments(Path in, Path out, boolean verify, boolean verbose, List<Path> classpath, boolean help,
        RewriteOptions rewrite) {

    static final String USAGE = String.join(System.lineSeparator(),
            "usage: java -jar jgo-instrumenter.jar IN OUT [--verify] [--verbose] [--classpath CP] [--preempt MODE]",
            "       [--blocking METHODS] [--suspendable PACKAGES] [--stress] [--jgo-runtime-api]",
            "Rewrites the methods of a jar or a class folder that a goroutine may suspend in, ahead of",
            "time, so that the application runs without the jgo agent. Everything else is copied byte-for-byte.",
            "  IN              a jar or a class folder to read",
            "  OUT             where to write: a jar when its name ends with .jar or .zip, else a folder",
            "  --verify        check each rewritten class with ASM's verifier",
            "  --verbose       name each rewritten class on stderr and print a summary",
            "  --classpath CP  (or -cp) where other classes are found, after IN and before the JVM's",
            "                  own; entries separated by '" + File.pathSeparator + "'",
            "  --preempt MODE  where rewritten code answers preemption: loops (default: loop heads and",
            "                  calls), calls (calls only) or off (as calls; the runtime never asks)",
            "  --blocking M    methods of the application that block (com.acme.Client.call), separated",
            "                  by ':': goroutine code calling them hands its P on while they block",
            "  --suspendable P packages (com.acme:org.example, with sub-packages) whose methods are rewritten,",
            "                  unannotated, where a suspension can reach them: IN's closure is computed and",
            "                  listed in OUT's " + io.jgo.instrument.SuspendablesFile.PATH + " (the agent reads it too);",
            "                  default * (every class but the JDK's and jgo's: no @Goroutine needed);",
            "                  " + io.jgo.instrument.SuspendablePackages.ANNOTATED_ONLY + " rewrites @Goroutine methods and lambdas only",
            "  --stress        stress mode: every call in a rewritten class is a suspension point; run the",
            "                  output with -Djgo.stress=P (0 to 1) to make a share P of goroutine runs yield",
            "  --jgo-runtime-api  for the build of jgo's runtime only: rewrite its API classes (io.jgo)",
            "                  too, except those that drive the stack protocol by hand",
            "  --help          print this text",
            "The runtime's own classes (io.jgo) are known without --classpath. A call into a class that",
            "is not found is taken as a suspension point (correct, but slower; a warning lists such",
            "classes); a class whose rewrite needs a class that is not found is copied unchanged and",
            "fails the run. An entry named .class that is not a readable class file is reported and",
            "copied unchanged. OUT is written to a temporary next to it and moved into place when",
            "complete; a failed run leaves OUT as it was. OUT must not be IN, lie inside IN or contain",
            "IN, also through symbolic links.",
            "Exit status: 0 done; 1 an I/O error, the rewrite failed on a class, or a class was not",
            "rewritten because a class it needs was not found; 2 bad arguments.");

    static Arguments parse(String... args) throws UsageException {
        List<String> positional = new ArrayList<>();
        boolean verify = false;
        boolean verbose = false;
        List<Path> classpath = List.of();
        String preempt = System.getProperty(PreemptMode.PROPERTY, "loops");
        List<String> blocking = List.of();
        boolean runtimeApi = false;
        String suspendable = null;
        boolean stress = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--help", "-h" -> {
                    return new Arguments(null, null, false, false, List.of(), true, null);
                }
                case "--verify" -> verify = true;
                case "--verbose" -> verbose = true;
                case "--jgo-runtime-api" -> runtimeApi = true;
                case "--stress" -> stress = true;
                case "--classpath", "-cp" -> {
                    if (i + 1 == args.length || args[i + 1].isEmpty()) {
                        throw new UsageException(arg + " needs a value: a list of jars and folders separated by '"
                                + File.pathSeparator + "'");
                    }
                    classpath = splitClasspath(args[++i]);
                }
                case "--preempt" -> preempt = value(args, i++, "loops, calls or off");
                case "--suspendable" -> suspendable = value(args, i++, "packages such as com.acme:org.example, * (the default)"
                        + " or " + io.jgo.instrument.SuspendablePackages.ANNOTATED_ONLY);
                case "--blocking" -> blocking = List.of(value(args, i++, "methods such as com.acme.Client.call, separated by ':'")
                        .split(":", -1));
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
        RewriteOptions rewrite;
        try {
            rewrite = RewriteOptions.of(PreemptMode.parse(preempt)).withBlocking(blocking);
            if (runtimeApi) {
                rewrite = rewrite.withRuntimeApi();
            }
            if (stress) {
                rewrite = rewrite.withStress();
            }
            if (suspendable != null) {
                rewrite = rewrite.withSuspendable(io.jgo.instrument.SuspendablePackages.parse(suspendable));
            } else if (!runtimeApi) {
                // The default: the whole application. jgo's own build rewrites its annotated API only
                // (its classes are never suspendable this way, and it ships no suspendables list).
                rewrite = rewrite.withSuspendable(io.jgo.instrument.SuspendablePackages.DEFAULT);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return new Arguments(in, out, verify, verbose, classpath, false, rewrite);
    }

    /** The value after option {@code args[i]}; refuses a missing one, saying what is expected. */
    private static String value(String[] args, int i, String expected) throws UsageException {
        if (i + 1 == args.length || args[i + 1].isBlank()) {
            throw new UsageException(args[i] + " needs a value: " + expected);
        }
        return args[i + 1];
    }

    /**
     * Refuses an OUT that would overwrite or contain IN, or lie inside it. Paths are compared after
     * resolving symbolic links (an OUT that links to IN is IN), since OUT is replaced as a whole at
     * the end of the run.
     */
    private static void checkInAndOut(Path in, Path out) throws UsageException {
        if (!Files.exists(in)) {
            throw new UsageException("IN " + in + " does not exist");
        }
        Path realIn = realPath(in);
        Path realOut = realPath(out);
        String resolved = realOut.equals(out.toAbsolutePath().normalize()) ? "" : " (" + out + " resolves to " + realOut + ")";
        if (realIn.equals(realOut)) {
            throw new UsageException("OUT " + out + " is IN " + in + resolved
                    + "; rewriting in place is not supported: name another OUT");
        }
        if (realOut.startsWith(realIn)) {
            throw new UsageException("OUT " + out + " lies inside the IN folder " + in + resolved + "; choose a folder outside it");
        }
        if (realIn.startsWith(realOut)) {
            throw new UsageException("IN " + in + " lies inside OUT " + out + resolved
                    + ", which is replaced by the run; choose an OUT outside it");
        }
        if (Files.isRegularFile(out) && !Sink.isJarName(out)) {
            throw new UsageException("OUT " + out + " is an existing file but not a .jar or .zip;"
                    + " name a jar or a folder");
        }
        if (Files.isDirectory(out) && Sink.isJarName(out)) {
            throw new UsageException("OUT " + out + " is named like a jar but is an existing folder");
        }
    }

    /**
     * The path with every symbolic link resolved, also for a path that does not exist yet: its
     * longest existing prefix is resolved and the rest appended.
     */
    static Path realPath(Path path) throws UsageException {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            throw new UsageException("cannot resolve " + path + ": " + e);
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
