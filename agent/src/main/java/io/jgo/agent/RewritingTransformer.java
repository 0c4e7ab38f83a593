package io.jgo.agent;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;

import java.io.PrintStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * The agent's one {@link ClassFileTransformer}. For each class the JVM is about to define:
 * <ol>
 *   <li>{@link ClassFilter} by loader and name (JDK, runtime, agent, include/exclude) — no bytes read;</li>
 *   <li>{@link Rewrite#mightSuspend}, the cheap byte scan — nearly every class stops here;</li>
 *   <li>{@link Rewrite#transform}, with look-ups going through the defining loader;</li>
 *   <li>{@code dump=} and {@code verbose} for each class actually rewritten.</li>
 * </ol>
 * Nothing escapes: any throwable is reported through {@link Diagnostics} and the class is defined
 * as it was (returning null). Re-entry on the same thread (a class loaded while a transform runs)
 * is refused by Byte Buddy's {@link AgentBuilder.CircularityLock}, so the transformer never sees
 * its own class loading. Thread-safe: it holds no mutable state of its own; the JVM calls it from
 * any thread that loads a class.
 */
final class RewritingTransformer implements ClassFileTransformer {

    private final ClassFilter filter;
    private final Rewrite rewrite;
    private final DefiningLoaderClassBytes classBytes;
    private final Diagnostics diagnostics;
    private final ClassDumper dumper;
    private final PrintStream verboseLog;
    private final AgentBuilder.CircularityLock lock = new AgentBuilder.CircularityLock.Default();

    /**
     * @param dumper     null unless {@code dump=} was given
     * @param verboseLog null unless {@code verbose} was given (never stdout: it belongs to the application)
     */
    RewritingTransformer(ClassFilter filter, Rewrite rewrite, DefiningLoaderClassBytes classBytes,
                         Diagnostics diagnostics, ClassDumper dumper, PrintStream verboseLog) {
        this.filter = filter;
        this.rewrite = rewrite;
        this.classBytes = classBytes;
        this.diagnostics = diagnostics;
        this.dumper = dumper;
        this.verboseLog = verboseLog;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) {
        if (!filter.accepts(loader, className) || !lock.acquire()) {
            return null;
        }
        try {
            return rewrite(loader, className, classFile);
        } catch (Throwable t) {
            report(className, t);
            return null;
        } finally {
            lock.release();
        }
    }

    /**
     * Runs the rewrite once on {@code sample} before the transformer is registered, so that the
     * classes it needs are loaded now rather than from inside a transform (where loading one of
     * them can end in a {@code ClassCircularityError}). Nothing is dumped or logged.
     */
    void warmUp(ClassLoader loader, byte[] sample) {
        if (sample != null) {
            classBytes.within(loader, () -> rewrite.mightSuspend(sample) ? rewrite.transform(sample) : null);
        }
    }

    private byte[] rewrite(ClassLoader loader, String className, byte[] classFile) {
        // Both calls run with the defining loader current: what the rewrite learns is per loader.
        byte[] rewritten = classBytes.within(loader, () -> rewrite.mightSuspend(classFile) ? rewrite.transform(classFile) : null);
        if (rewritten == null) {
            return null;
        }
        if (dumper != null) {
            dumper.dump(className, rewritten);
        }
        if (verboseLog != null) {
            verboseLog.println("jgo: rewrote " + className.replace('/', '.') + " (" + classFile.length + " -> "
                    + rewritten.length + " bytes)");
        }
        return rewritten;
    }

    private void report(String className, Throwable t) {
        try {
            InstrumentationException e = new InstrumentationException(className, null, null, 0,
                    "internal error in the agent: " + t);
            e.initCause(t);
            diagnostics.failed(e);
        } catch (Throwable ignored) {
            // Reporting itself failed (out of memory?): the class is still defined unchanged.
        }
    }
}
