package io.jgo.instrument.cli;

import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.SuspendablesFile;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.UnaryOperator;

/**
 * {@code java -jar jgo-instrumenter.jar IN OUT [--verify] [--verbose] [--classpath CP]}: rewrites a
 * jar or a class folder ahead of time. See {@link Arguments#USAGE} and the package comment.
 */
public final class Main {

    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_ARGUMENTS = 2;

    private static final String PREFIX = "jgo-instrumenter: ";
    private static final int MAX_NAMES_LISTED = 5;

    private Main() {
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != OK) {
            System.exit(status);
        }
    }

    /** The whole command, with its streams given; answers the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args);
        } catch (UsageException e) {
            if (args.length == 0) { // nothing given: the whole usage is what the user is after
                err.println(Arguments.USAGE);
            } else { // one error, not buried under the usage
                err.println(PREFIX + e.getMessage());
                err.println(PREFIX + "run `java -jar jgo-instrumenter.jar --help` for the usage");
            }
            return BAD_ARGUMENTS;
        }
        if (arguments.help()) {
            out.println(Arguments.USAGE);
            return OK;
        }
        try {
            return instrument(arguments, err);
        } catch (IOException e) {
            err.println(PREFIX + "failed: " + e);
            err.println(PREFIX + "OUT " + arguments.out() + " was left as it was");
            return FAILED;
        }
    }

    /**
     * Reads IN, writes the copy to a temporary next to OUT, and moves it into place only when the
     * copy is complete (see {@link StagedOutput}); IN is only ever opened for reading.
     */
    private static int instrument(Arguments arguments, PrintStream err) throws IOException {
        StreamDiagnostics diagnostics = new StreamDiagnostics(err);
        CopySummary summary;
        Instrumenter instrumenter;
        try (Source in = Source.open(arguments.in());
             Lookup lookup = Lookup.of(in, arguments.classpath(), Main.class.getClassLoader(),
                     message -> err.println("jgo: warning: " + message));
             StagedOutput staged = StagedOutput.nextTo(arguments.out())) {
            instrumenter = new Instrumenter(lookup, diagnostics, arguments.verify(), arguments.rewrite().withUnannotatedCallers());
            in.forEach(entry -> {
                if (entry.isRewritableClass()) {
                    instrumenter.learn(entry.content()); // first: the rewrite must not depend on entry order
                }
            });
            SortedSet<String> suspendables = instrumenter.closeSuspendables();
            try (Sink out = staged.openSink()) {
                Sink copyTo = suspendables.isEmpty() ? out : withoutSuspendablesFile(out);
                summary = new Copier(rewriteWith(instrumenter), new Reporter(err, arguments.verbose())).copy(in, copyTo);
                if (!suspendables.isEmpty()) {
                    out.write(new Entry(SuspendablesFile.PATH, SuspendablesFile.write(suspendables), null, false));
                }
            }
            // The default (*) is reported with --verbose only: every run would print it.
            if (!suspendables.isEmpty() && (arguments.verbose() || !arguments.rewrite().suspendable().all())) {
                err.println(PREFIX + "suspendable " + arguments.rewrite().suspendable() + ": " + suspendables.size()
                        + " method(s) in " + classesOf(suspendables) + " class(es) can be reached by a suspension and were"
                        + " made suspendable; listed in " + SuspendablesFile.PATH);
            }
            staged.publish();
        }
        int unannotated = diagnostics.unannotatedCallers();
        if (arguments.verbose()) {
            err.println(PREFIX + arguments.in() + " -> " + arguments.out() + ": " + summary
                    + (unannotated > 0 ? ", " + unannotated + " unannotated caller(s) of suspending methods" : ""));
        }
        if (unannotated > 0) {
            err.println(PREFIX + "warning: " + unannotated + " method(s) that are not @Goroutine call suspending methods"
                    + " (see above): annotate them @Goroutine, or a goroutine that calls them pins there");
        }
        reportClassesNotFound(instrumenter.classesNotFound(), err);
        if (summary.classes() == 0) {
            err.println(PREFIX + "warning: " + arguments.in() + " holds no class files, so nothing was rewritten;"
                    + " IN is the compiler's output folder (target/classes) or the application's jar");
        }
        int status = OK;
        if (summary.failed() > 0) {
            err.println(PREFIX + summary.failed() + " class(es) could not be rewritten because the rewrite threw;"
                    + " they were copied unchanged (see above)");
            status = FAILED;
        }
        int declined = diagnostics.refused() - diagnostics.refusedForMissingClass();
        if (declined > 0) {
            err.println(PREFIX + declined + " class(es) could not be rewritten and were copied unchanged (see above);"
                    + " suspending in them pins the goroutine, which is safe");
        }
        if (diagnostics.refusedForMissingClass() > 0) {
            err.println(PREFIX + diagnostics.refusedForMissingClass() + " class(es) were copied unchanged because classes"
                    + " they need were not found (see above); pass the application's dependencies with --classpath");
            status = FAILED;
        }
        return status;
    }

    /**
     * OUT gets the list this run computed in place of one IN may hold (a run over an earlier
     * output): the closure computed here already took IN's classes, listed or not, into account.
     */
    private static Sink withoutSuspendablesFile(Sink out) {
        return new Sink() {
            @Override
            public void write(Entry entry) throws IOException {
                if (!entry.name().equals(SuspendablesFile.PATH)) {
                    out.write(entry);
                }
            }

            @Override
            public void close() {
                // the caller closes out
            }
        };
    }

    /** How many classes the listed methods belong to. */
    static long classesOf(Set<String> methods) {
        return methods.stream().map(m -> m.substring(0, m.lastIndexOf('.', m.indexOf('(')))).distinct().count();
    }

    /**
     * Class files are checked first ({@link ClassFileCheck}); then the byte scan lets through only
     * classes that may hold a suspension point, and those are rewritten.
     */
    private static UnaryOperator<byte[]> rewriteWith(Instrumenter instrumenter) {
        return bytes -> {
            ClassFileCheck.requireReadable(bytes);
            return instrumenter.mightSuspend(bytes) ? instrumenter.transform(bytes) : null;
        };
    }

    /**
     * Calls into classes that were not found were taken as suspension points: correct, but each
     * costs a check, and the user may not know the class path was incomplete.
     */
    private static void reportClassesNotFound(Set<String> notFound, PrintStream err) {
        if (notFound.isEmpty()) {
            return;
        }
        List<String> names = notFound.stream().sorted().limit(MAX_NAMES_LISTED).map(n -> n.replace('/', '.')).toList();
        err.println(PREFIX + "warning: " + notFound.size() + " class(es) named by the rewritten code were not found in IN,"
                + " --classpath or the JDK: " + String.join(", ", names) + (notFound.size() > names.size() ? ", ..." : "")
                + "; calls into them were taken as suspension points (correct, but each costs a check);"
                + " pass the application's dependencies with --classpath to rewrite exactly");
    }

    /** Prints what the copy reports: failures always, each rewritten class only when verbose. */
    private static final class Reporter implements CopyListener {

        private final PrintStream err;
        private final boolean verbose;

        Reporter(PrintStream err, boolean verbose) {
            this.err = err;
            this.verbose = verbose;
        }

        @Override
        public void rewritten(String name, int oldSize, int newSize) {
            if (verbose) {
                err.println("jgo: rewrote " + name + " (" + oldSize + " -> " + newSize + " bytes)");
            }
        }

        @Override
        public void malformedClass(String name, String reason) {
            err.println("jgo: warning: " + name + " is not a readable class file: " + reason
                    + "; copied unchanged (the JVM could not load it either)");
        }

        @Override
        public void rewriteFailed(String name, Throwable failure) {
            err.println("jgo: internal error while rewriting " + name + ", copied unchanged: " + failure);
            failure.printStackTrace(err);
        }

        @Override
        public void signatureBroken() {
            err.println("jgo: warning: IN is a signed jar and classes were rewritten, so its signature"
                    + " (META-INF/*.SF) no longer matches; strip the signature files or re-sign OUT");
        }
    }
}
