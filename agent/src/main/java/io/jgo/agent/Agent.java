package io.jgo.agent;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.RewriteOptions;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;

/**
 * Entry point of {@code -javaagent:jgo-agent.jar[=options]}: checks the options, builds the
 * per-loader {@link Instrumenter}s and the one {@link RewritingTransformer} of this JVM, warms them up, and
 * registers the transformer. A bad option, or an agent jar that cannot run its own rewrite, stops
 * the JVM here with a message on stderr and exit status 1: the application never runs with a broken
 * agent. The JVM is stopped with {@link System#exit}, not by throwing: an exception escaping
 * {@code premain} makes the JVM abort (JPLIS prints "FATAL ERROR in native method" and the status
 * is 134, as for a crash), which buries the message and looks like a bug in the JVM.
 */
public final class Agent {

    /** One of the agent's own classes: the warm-up transform runs on it (it names io/jgo/, so the scan lets it through). */
    private static final String WARM_UP_SAMPLE = "io/jgo/agent/RewritingTransformer.class";

    /** Exit status of a JVM whose agent could not start. */
    static final int CANNOT_START = 1;

    private Agent() {
    }

    /** Called by the JVM before {@code main} for {@code -javaagent:}. */
    public static void premain(String options, Instrumentation instrumentation) {
        try {
            install(options, instrumentation, false);
        } catch (CannotStart e) {
            System.err.println(e.getMessage());
            System.exit(CANNOT_START);
        }
    }

    /**
     * Called when the agent is attached to a running JVM. Classes already loaded then stay as they
     * are (a rewrite adds members, which redefinition forbids); classes loaded later are rewritten.
     * A bad option is thrown back to the attaching tool; the running application is left alone.
     */
    public static void agentmain(String options, Instrumentation instrumentation) {
        try {
            install(options, instrumentation, true);
        } catch (CannotStart e) {
            System.err.println(e.getMessage());
            throw new IllegalArgumentException(e.getMessage(), e.getCause());
        }
    }

    private static void install(String text, Instrumentation instrumentation, boolean attached) throws CannotStart {
        AgentOptions options;
        try {
            options = AgentOptions.parse(text);
        } catch (AgentOptionException e) {
            throw new CannotStart(e.getMessage(), e);
        }
        if (options.stress() != null) {
            System.setProperty("jgo.stress", options.stress()); // read by each runtime as it starts
        }
        // Read by the runtime's pin warnings: a pin in a class these options leave as written names the option.
        if (!options.includedPackages().isEmpty()) {
            System.setProperty("jgo.agent.include", options.includedPackages());
        }
        if (!options.excludedPackages().isEmpty()) {
            System.setProperty("jgo.agent.exclude", options.excludedPackages());
        }
        QuietableDiagnostics diagnostics = new QuietableDiagnostics(Diagnostics.STDERR);
        DefiningLoaderClassBytes classBytes = new DefiningLoaderClassBytes();
        RewriteOptions rewriteOptions = options.rewrite().withSuspendableMethods(
                SuspendablesLists.read(ClassLoader.getSystemClassLoader(), w -> System.err.println("jgo: warning: " + w)));
        PerLoaderRewrite rewrite = new PerLoaderRewrite(classBytes, diagnostics, options.verify(), rewriteOptions);
        Instrumenter instrumenter = rewrite.current(); // outside a transform: the warm-up's own
        RewritingTransformer transformer = new RewritingTransformer(
                new ClassFilter(ClassLoader.getPlatformClassLoader(), options.include(), options.exclude()),
                rewrite, classBytes, diagnostics,
                options.dump() == null ? null : new ClassDumper(options.dump(), diagnostics),
                options.verbose() ? System.err : null);
        diagnostics.quiet(true);
        try {
            instrumenter.warmUp(); // the whole pipeline, analysis and frame computation included
        } finally {
            diagnostics.quiet(false);
        }
        warmUp(transformer, diagnostics);
        JavaLangOpener.open(instrumentation); // per-goroutine ThreadLocals need it; before main, so before any goroutine
        instrumentation.addTransformer(transformer, false);
        if (options.verbose()) {
            System.err.println("jgo: agent " + (attached ? "attached" : "started") + " (" + options + ")"
                    + (attached ? "; classes loaded before this moment are not rewritten" : ""));
        }
    }

    private static void warmUp(RewritingTransformer transformer, QuietableDiagnostics diagnostics) throws CannotStart {
        ClassLoader loader = Agent.class.getClassLoader();
        diagnostics.quiet(true);
        try {
            transformer.warmUp(loader, readOwn(loader));
        } catch (LinkageError e) {
            throw new CannotStart("jgo agent: cannot start: the rewrite failed to load its own classes (" + e
                    + "); the agent jar is incomplete or was built wrongly", e);
        } finally {
            diagnostics.quiet(false);
        }
    }

    private static byte[] readOwn(ClassLoader loader) {
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(WARM_UP_SAMPLE)
                : loader.getResourceAsStream(WARM_UP_SAMPLE)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    /** The agent cannot start; the message, for stderr, says why and what to do. */
    private static final class CannotStart extends Exception {

        private static final long serialVersionUID = 1L;

        CannotStart(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
