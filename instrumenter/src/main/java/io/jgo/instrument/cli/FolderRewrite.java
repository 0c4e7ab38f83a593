package io.jgo.instrument.cli;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablesFile;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Rewrites chosen class files of a class folder in place: the entry for build tools, which run it
 * on a compiler's output folder ({@code jgo-maven-plugin} on {@code target/classes}). The rewrite
 * is the one {@link Main} runs: every class of the folder is {@link Instrumenter#learn learned}
 * first, so the result does not depend on which files are chosen or in which order; other classes
 * are looked up in the folder, then in the class path, then in the JDK.
 *
 * <p>Each rewritten file is written under a temporary name in its own folder and moved over the
 * original, so a file is always either the compiler's or the rewrite's. A class already rewritten
 * is left alone (the rewrite marks what it wrote), so running twice over the same folder changes
 * nothing the second time. One thread; not for concurrent runs on the same folder.
 */
public final class FolderRewrite {

    private final Path folder;
    private final List<Path> classpath;
    private final ClassBytes jdk;
    private final boolean verify;
    private final RewriteOptions options;

    /**
     * @param folder    the class folder (its files are read and replaced)
     * @param classpath the folder's dependencies, jars or folders, looked up after it
     * @param jdk       the JDK's classes: {@code ClassBytes.of(null)} for this JVM's, or {@link JdkImage}
     * @param verify    check each rewritten class (ASM's checks and a data-flow verification)
     * @param options   preemption mode and the application's blocking methods
     */
    public FolderRewrite(Path folder, List<Path> classpath, ClassBytes jdk, boolean verify, RewriteOptions options) {
        this.folder = folder;
        this.classpath = List.copyOf(classpath);
        this.jdk = jdk;
        this.verify = verify;
        this.options = options;
    }

    /**
     * Rewrites the class files named in {@code names} ('/'-separated paths under the folder, e.g.
     * {@code com/acme/App.class}); answers what happened to each. An I/O error ends the run; files
     * already replaced stay replaced (each is complete).
     */
    public Report rewrite(Collection<String> names) throws IOException {
        Collector diagnostics = new Collector();
        List<String> rewritten = new ArrayList<>();
        List<String> malformed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        Set<String> notFound;
        Set<String> suspendables;
        try (Source in = Source.open(folder);
             Lookup lookup = Lookup.of(in, classpath, jdk, diagnostics.warnings::add)) {
            Instrumenter instrumenter = new Instrumenter(lookup, diagnostics, verify, options.withUnannotatedCallers());
            in.forEach(entry -> {
                if (entry.isRewritableClass()) {
                    instrumenter.learn(entry.content()); // first: the rewrite must not depend on which files are chosen
                }
            });
            suspendables = instrumenter.closeSuspendables();
            if (!suspendables.isEmpty()) {
                Path list = folder.resolve(SuspendablesFile.PATH);
                Files.createDirectories(list.getParent());
                Files.write(list, SuspendablesFile.write(suspendables));
            }
            for (String name : names) {
                byte[] bytes = in.read(name);
                if (bytes == null || !new Entry(name, bytes, null, false).isRewritableClass()) {
                    continue;
                }
                byte[] out;
                try {
                    ClassFileCheck.requireReadable(bytes);
                    out = instrumenter.mightSuspend(bytes) ? instrumenter.transform(bytes) : null;
                } catch (MalformedClassException e) {
                    malformed.add(name + ": " + e.getMessage());
                    continue;
                } catch (RuntimeException | LinkageError | StackOverflowError e) {
                    failed.add("internal error while rewriting " + name + ": " + e);
                    continue;
                }
                if (out != null && out != bytes) {
                    replace(folder.resolve(name), out);
                    rewritten.add(name);
                }
            }
            notFound = instrumenter.classesNotFound();
        }
        return new Report(List.copyOf(rewritten), List.copyOf(diagnostics.refused), List.copyOf(failed),
                List.copyOf(malformed), List.copyOf(diagnostics.warnings), List.copyOf(diagnostics.unannotatedCallers),
                Set.copyOf(notFound), Set.copyOf(suspendables));
    }

    /**
     * Writes {@code bytes} next to {@code file} and moves them over it (atomically where the file
     * system can). The new file keeps the original's POSIX permissions: the temporary is created
     * private ({@code 0600}), and a class file left so could not be read by another user, a
     * container image's runtime user or an application server.
     */
    private static void replace(Path file, byte[] bytes) throws IOException {
        Path temporary = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".jgo-tmp");
        try {
            Files.write(temporary, bytes);
            copyPermissions(file, temporary);
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Gives {@code to} the POSIX permissions of {@code from}; nothing on file systems without them (Windows). */
    private static void copyPermissions(Path from, Path to) throws IOException {
        if (Files.getFileAttributeView(from, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        }
    }

    /**
     * What a run did.
     *
     * @param rewritten       the files replaced by their rewrite
     * @param refused         classes the rewrite left as they were, each with class, method, line and reason
     *                        (a build should fail: goroutines would pin in them)
     * @param failed          classes on which the rewrite threw (left as they were; a bug to report)
     * @param malformed       files named .class that are no readable class file (left as they were)
     * @param warnings        the rewrite's warnings (pinning sites, missing class path entries)
     * @param unannotatedCallers one message per method left as written (not {@code @Goroutine}) that calls a
     *                        suspending one: a goroutine that calls it pins there (name, line and fix)
     * @param classesNotFound classes the rewritten code names that were found nowhere: calls into them
     *                        were taken as suspension points
     * @param suspendables    the methods of the suspendable packages that a suspension can reach, computed
     *                        over the whole folder and listed in its {@link SuspendablesFile} (empty without
     *                        suspendable packages)
     */
    public record Report(List<String> rewritten, List<InstrumentationException> refused, List<String> failed,
            List<String> malformed, List<String> warnings, List<String> unannotatedCallers, Set<String> classesNotFound,
            Set<String> suspendables) {

        /** True when nothing was refused and nothing failed. */
        public boolean ok() {
            return refused.isEmpty() && failed.isEmpty();
        }
    }

    /** Collects what the rewrite reports. One thread, like the run. */
    private static final class Collector implements Diagnostics {

        final List<String> warnings = new ArrayList<>();
        final List<InstrumentationException> refused = new ArrayList<>();
        final List<String> unannotatedCallers = new ArrayList<>();

        @Override
        public void warning(String message) {
            warnings.add(message);
        }

        @Override
        public void unannotatedCaller(String message) {
            unannotatedCallers.add(message);
        }

        @Override
        public void failed(InstrumentationException e) {
            refused.add(e);
        }
    }
}
