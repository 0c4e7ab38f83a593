package io.jgo.instrument.cli;

import io.jgo.instrument.Instrumenter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
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
            err.println(PREFIX + e.getMessage());
            err.println(Arguments.USAGE);
            return BAD_ARGUMENTS;
        }
        if (arguments.help()) {
            out.println(Arguments.USAGE);
            return OK;
        }
        try {
            return instrument(arguments, err);
        } catch (IOException e) {
            err.println(PREFIX + "failed: " + e.getMessage());
            deletePartialJar(arguments, err);
            return FAILED;
        }
    }

    private static int instrument(Arguments arguments, PrintStream err) throws IOException {
        CopySummary summary;
        try (Source in = Source.open(arguments.in());
             Lookup lookup = Lookup.of(in, arguments.classpath(), Main.class.getClassLoader(),
                     message -> err.println("jgo: warning: " + message));
             Sink out = Sink.create(arguments.out())) {
            Instrumenter instrumenter = new Instrumenter(lookup, new StreamDiagnostics(err), arguments.verify());
            UnaryOperator<byte[]> rewrite = bytes -> instrumenter.mightSuspend(bytes) ? instrumenter.transform(bytes) : null;
            summary = new Copier(rewrite, new Reporter(err, arguments.verbose())).copy(in, out);
        }
        if (arguments.verbose()) {
            err.println(PREFIX + arguments.in() + " -> " + arguments.out() + ": " + summary);
        }
        if (summary.failed() > 0) {
            err.println(PREFIX + summary.failed() + " class(es) could not be rewritten because the rewrite threw;"
                    + " they were copied unchanged (see above)");
            return FAILED;
        }
        return OK;
    }

    private static void deletePartialJar(Arguments arguments, PrintStream err) {
        if (!Sink.isJarName(arguments.out())) {
            return;
        }
        try {
            Files.deleteIfExists(arguments.out());
        } catch (IOException e) {
            err.println(PREFIX + "could not delete the partial " + arguments.out() + ": " + e.getMessage());
        }
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
