package io.jgo.agent;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.Instrumenter;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;

/**
 * Entry point of {@code -javaagent:jgo-agent.jar[=options]}: checks the options, builds the
 * per-loader {@link Instrumenter}s and the one {@link RewritingTransformer} of this JVM, warms them up, and
 * registers the transformer. A bad option, or an agent jar that cannot run its own rewrite, stops
 * the JVM here with a message on stderr: the application never runs with a broken agent.
 */
public final class Agent {

    /** One of the agent's own classes: the warm-up transform runs on it (it names io/jgo/, so the scan lets it through). */
    private static final String WARM_UP_SAMPLE = "io/jgo/agent/RewritingTransformer.class";

    private Agent() {
    }

    /** Called by the JVM before {@code main} for {@code -javaagent:}. */
    public static void premain(String options, Instrumentation instrumentation) {
        install(options, instrumentation, false);
    }

    /**
     * Called when the agent is attached to a running JVM. Classes already loaded then stay as they
     * are (a rewrite adds members, which redefinition forbids); classes loaded later are rewritten.
     */
    public static void agentmain(String options, Instrumentation instrumentation) {
        install(options, instrumentation, true);
    }

    private static void install(String text, Instrumentation instrumentation, boolean attached) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(text);
        } catch (AgentOptionException e) {
            // The full message once, readable; the JVM then prints the thrown exception's stack trace
            // and aborts, so that one only points back here.
            System.err.println(e.getMessage());
            AgentOptionException stop = new AgentOptionException(
                    "jgo agent: not started because of the bad option reported above; the JVM stops here");
            stop.setStackTrace(new StackTraceElement[0]);
            throw stop;
        }
        QuietableDiagnostics diagnostics = new QuietableDiagnostics(Diagnostics.STDERR);
        DefiningLoaderClassBytes classBytes = new DefiningLoaderClassBytes();
        PerLoaderRewrite rewrite = new PerLoaderRewrite(classBytes, diagnostics, options.verify());
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
        instrumentation.addTransformer(transformer, false);
        if (options.verbose()) {
            System.err.println("jgo: agent " + (attached ? "attached" : "started") + " (" + options + ")"
                    + (attached ? "; classes loaded before this moment are not rewritten" : ""));
        }
    }

    private static void warmUp(RewritingTransformer transformer, QuietableDiagnostics diagnostics) {
        ClassLoader loader = Agent.class.getClassLoader();
        diagnostics.quiet(true);
        try {
            transformer.warmUp(loader, readOwn(loader));
        } catch (LinkageError e) {
            System.err.println("jgo agent: cannot start: the rewrite failed to load its own classes (" + e
                    + "); the agent jar is incomplete or was built wrongly");
            throw e;
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
}
