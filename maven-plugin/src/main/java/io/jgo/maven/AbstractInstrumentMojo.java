package io.jgo.maven;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablePackages;
import io.jgo.instrument.cli.FolderRewrite;
import io.jgo.instrument.cli.JdkImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.inject.Inject;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Rewrites the {@code @Goroutine} code of a class folder in place, with the instrumenter's
 * {@link FolderRewrite}; the two goals differ only in the folder and the class path. The options
 * are the agent's: {@code includes}/{@code excludes} (the agent's {@code include=}/{@code exclude=}),
 * {@code verify}, {@code blocking}, and {@code preempt} (the CLI's {@code --preempt}).
 *
 * <p>Incremental: only class files written since the last run (by the compiler) are rewritten,
 * as {@link Stamp} tells. A class the rewrite must refuse fails the build with the instrumenter's
 * report (class, method, line, reason) unless {@code failOnRefusal} is false; it is left as the
 * compiler wrote it and looked at again by the next run.
 *
 * <p>The JDK's classes are looked up in the JDK the code was compiled against: the toolchain's
 * when the build selected one (a module compiled for 21 by Maven running on 17), else Maven's own.
 */
abstract class AbstractInstrumentMojo extends AbstractMojo {

    /** Packages to rewrite (each with its sub-packages); none means all. The agent's {@code include=}. */
    @Parameter
    private List<String> includes;

    /** Packages never to rewrite; wins over {@code includes}. The agent's {@code exclude=}. */
    @Parameter
    private List<String> excludes;

    /** Check every rewritten class (ASM's checks and a data-flow verification). The agent's {@code verify}. */
    @Parameter(property = "jgo.verify", defaultValue = "false")
    private boolean verify;

    /** Where rewritten code answers preemption: {@code loops}, {@code calls} or {@code off}. The CLI's {@code --preempt}. */
    @Parameter(property = "jgo.preempt", defaultValue = "loops")
    private String preempt;

    /** The application's own blocking methods ({@code com.acme.Client.call}). The agent's {@code blocking=}. */
    @Parameter
    private List<String> blocking;

    /**
     * Packages (with sub-packages) whose methods are rewritten where a suspension can reach them,
     * unannotated: the closure over the whole folder is computed, listed in
     * {@code META-INF/jgo/suspendables} there, and reported. Not given: {@code *}, every class but the
     * JDK's and jgo's, so no {@code @Goroutine} is needed; {@code annotated-only} rewrites
     * {@code @Goroutine} methods and lambdas only. The agent's {@code suspendable=}, the CLI's
     * {@code --suspendable}.
     */
    @Parameter
    private List<String> suspendables;

    /** Name every rewritten class in the build log. */
    @Parameter(property = "jgo.verbose", defaultValue = "false")
    private boolean verbose;

    /**
     * Fail the build when the rewrite refuses a class (goroutines would pin in it: correct, but
     * they block their carrier there). False reports the refusals as warnings.
     */
    @Parameter(property = "jgo.failOnRefusal", defaultValue = "true")
    private boolean failOnRefusal;

    /**
     * Warn about each method left as written (not {@code @Goroutine}) that calls a suspending one, and
     * count them in the summary. False for code that calls them from plain threads by design (a
     * benchmark's or a test's methods), where a goroutine never calls it.
     */
    @Parameter(property = "jgo.warnUnannotatedCallers", defaultValue = "true")
    private boolean warnUnannotatedCallers;

    /**
     * Fail the build when a method left as written (not {@code @Goroutine}) calls a suspending one,
     * naming each. The warnings are Maven warnings, which {@code mvn -q} does not show (it shows
     * errors only): this makes them errors, for a build that must not miss one. Unchanged classes'
     * warnings count too (they are kept from the run that rewrote them).
     */
    @Parameter(property = "jgo.failOnUnannotatedCallers", defaultValue = "false")
    private boolean failOnUnannotatedCallers;

    /** Skip the rewrite. */
    @Parameter(property = "jgo.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Inject
    private ToolchainManager toolchains;

    /** The class folder to rewrite in place. */
    abstract Path classesDirectory();

    /** The folder's class path as Maven resolved it (may include the folder itself). */
    abstract List<String> classpathElements();

    /** Where this goal keeps its {@link Stamp}. */
    abstract Path stampFile();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jgo: skipped");
            return;
        }
        Path classes = classesDirectory();
        if (!Files.isDirectory(classes)) {
            getLog().info("jgo: " + classes + " does not exist; nothing to rewrite");
            return;
        }
        PackageFilter filter;
        RewriteOptions options;
        try {
            filter = PackageFilter.of(includes, excludes);
            options = RewriteOptions.of(PreemptMode.parse(preempt)).withBlocking(blocking == null ? List.of() : blocking)
                    .withSuspendable(suspendables == null || suspendables.isEmpty() ? SuspendablePackages.DEFAULT
                            : SuspendablePackages.of(suspendables));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("jgo-maven-plugin: bad configuration: " + e.getMessage(), e);
        }
        String optionsText = "includes=" + includes + " excludes=" + excludes + " verify=" + verify
                + " preempt=" + preempt + " blocking=" + blocking + " suspendables=" + suspendables;
        try {
            run(classes, filter, options, optionsText);
        } catch (IOException e) {
            throw new MojoExecutionException("jgo-maven-plugin: rewriting " + classes + " failed: " + e, e);
        }
    }

    private void run(Path classes, PackageFilter filter, RewriteOptions options, String optionsText)
            throws IOException, MojoFailureException {
        Stamp stamp = Stamp.read(stampFile());
        boolean sameOptions = stamp.sameOptions(optionsText);
        List<String> all = Stamp.classFiles(classes);
        List<String> changed = new ArrayList<>();
        // With suspendable packages a class may become suspendable because another one changed:
        // every class is looked at again (those rewritten already are left as they are).
        // Nothing changed at all: the closure cannot have changed either.
        boolean incremental = options.suspendable().isEmpty();
        boolean anyChanged = !sameOptions;
        for (String name : all) {
            if (filter.accepts(name) && !(sameOptions && stamp.unchanged(name, classes.resolve(name)))) {
                anyChanged = true;
            }
        }
        for (String name : all) {
            if (filter.accepts(name) && anyChanged && !(incremental && sameOptions && stamp.unchanged(name, classes.resolve(name)))) {
                changed.add(name);
            }
        }
        // The warnings of the classes not looked at again, kept from the run that did: printed again below.
        WarningCache kept = sameOptions ? WarningCache.read(warningsFile()) : WarningCache.none();
        List<String> unchanged = new ArrayList<>(all);
        unchanged.removeAll(changed);
        List<String> keptCallers = kept.of(unchanged);
        if (changed.isEmpty()) {
            List<String> callers = warnUnannotatedCallers ? keptCallers : List.of();
            callers.forEach(w -> getLog().warn("jgo: " + w));
            String summary = "jgo: " + classes + ": no class file changed since the last run; rewrote 0"
                    + unannotatedNote(callers.size());
            if (callers.isEmpty()) {
                getLog().info(summary);
            } else {
                getLog().warn(summary);
            }
            Stamp.write(stampFile(), classes, optionsText, List.of());
            kept.after(all, changed, List.of()).write(warningsFile());
            failOnUnannotated(callers);
            return;
        }
        FolderRewrite.Report report;
        try (JdkClasses jdk = jdkClasses()) {
            report = new FolderRewrite(classes, classpath(classes), jdk.bytes, verify, options).rewrite(changed);
        }
        List<String> callers = new ArrayList<>(keptCallers);
        callers.addAll(report.unannotatedCallers());
        report(classes, changed.size(), all.size(), report, warnUnannotatedCallers ? callers : List.of(), options);
        kept.after(all, changed, report.unannotatedCallers()).write(warningsFile());
        List<String> retry = new ArrayList<>();
        for (InstrumentationException e : report.refused()) {
            retry.add(e.className().replace('.', '/') + ".class");
        }
        retry.addAll(report.failed().isEmpty() ? List.of() : changed); // a crash: look at all of them again
        Stamp.write(stampFile(), classes, optionsText, retry);
        if (!report.ok() && failOnRefusal) {
            throw new MojoFailureException(failureMessage(report));
        }
        failOnUnannotated(warnUnannotatedCallers ? callers : List.of());
    }

    /** Where the unannotated callers' warnings are kept for the next run ({@link WarningCache}): beside the stamp. */
    private Path warningsFile() {
        return stampFile().resolveSibling(stampFile().getFileName() + ".warnings");
    }

    private static String unannotatedNote(int unannotated) {
        return unannotated > 0 ? "; " + unannotated + " method(s) not @Goroutine call suspending methods (see the"
                + " warnings above: annotate them, or a goroutine that calls them pins there)" : "";
    }

    /** With {@code failOnUnannotatedCallers}, a build with such methods fails naming them (an error: {@code -q} shows it). */
    private void failOnUnannotated(List<String> callers) throws MojoFailureException {
        if (failOnUnannotatedCallers && !callers.isEmpty()) {
            throw new MojoFailureException(callers.size() + " method(s) not @Goroutine call suspending methods"
                    + " (<failOnUnannotatedCallers> is on):" + System.lineSeparator() + "  "
                    + String.join(System.lineSeparator() + "  ", callers));
        }
    }

    private void report(Path classes, int changed, int all, FolderRewrite.Report report, List<String> callers,
            RewriteOptions options) {
        if (verbose) {
            report.rewritten().forEach(name -> getLog().info("jgo: rewrote " + name));
        }
        report.warnings().forEach(w -> getLog().warn("jgo: " + w));
        callers.forEach(w -> getLog().warn("jgo: " + w));
        if (!report.suspendables().isEmpty()) {
            getLog().info("jgo: suspendables " + options.suspendable() + ": " + report.suspendables().size() + " method(s) can be"
                    + " reached by a suspension and were made suspendable; listed in " + classes.resolve("META-INF/jgo/suspendables"));
        }
        report.malformed().forEach(m -> getLog().warn("jgo: not a readable class file, left as it was: " + m));
        if (!report.classesNotFound().isEmpty()) {
            getLog().warn("jgo: classes named by rewritten code were not found on the class path (calls into them were"
                    + " taken as suspension points): " + String.join(", ", report.classesNotFound().stream().sorted().toList()));
        }
        for (InstrumentationException e : report.refused()) {
            if (failOnRefusal) {
                getLog().error("jgo: " + e.getMessage());
            } else {
                getLog().warn("jgo: " + e.getMessage());
            }
        }
        report.failed().forEach(f -> getLog().error("jgo: " + f));
        int unannotated = callers.size();
        String summary = "jgo: " + classes + ": rewrote " + report.rewritten().size() + " of " + changed
                + " class file(s) changed since the last run (" + (all - changed) + " unchanged or not included)"
                + unannotatedNote(unannotated);
        if (unannotated > 0) {
            getLog().warn(summary);
        } else {
            getLog().info(summary);
        }
    }

    private static String failureMessage(FolderRewrite.Report report) {
        StringBuilder message = new StringBuilder("jgo could not rewrite ")
                .append(report.refused().size() + report.failed().size()).append(" class(es):");
        report.refused().forEach(e -> message.append(System.lineSeparator()).append("  ").append(e.getMessage()));
        report.failed().forEach(f -> message.append(System.lineSeparator()).append("  ").append(f));
        message.append(System.lineSeparator()).append("They were left as the compiler wrote them. Change the code as the")
                .append(" message says, exclude the package (<excludes>), or set <failOnRefusal>false</failOnRefusal>")
                .append(" to accept that goroutines pin there.");
        return message.toString();
    }

    /** The class path without the folder itself (the rewrite looks there first anyway). */
    private List<Path> classpath(Path classes) {
        List<Path> paths = new ArrayList<>();
        for (String element : classpathElements()) {
            Path path = Path.of(element);
            if (!path.toAbsolutePath().normalize().equals(classes.toAbsolutePath().normalize())) {
                paths.add(path);
            }
        }
        return paths;
    }

    /** The JDK's classes: the selected toolchain's JDK when there is one and it is not the running one. */
    private JdkClasses jdkClasses() throws IOException {
        Toolchain jdk = toolchains == null ? null : toolchains.getToolchainFromBuildContext("jdk", session);
        String javac = jdk == null ? null : jdk.findTool("javac");
        if (javac != null) {
            Path home = Path.of(javac).toAbsolutePath().getParent().getParent();
            Path running = Path.of(System.getProperty("java.home")).toAbsolutePath();
            if (!Files.isSameFile(home, running)) {
                getLog().debug("jgo: the JDK's classes come from the toolchain's JDK " + home);
                JdkImage image = JdkImage.open(home);
                return new JdkClasses(image, image);
            }
        }
        return new JdkClasses(ClassBytes.of(null), null);
    }

    /** The JDK's classes and what to close when done. */
    private static final class JdkClasses implements AutoCloseable {

        final ClassBytes bytes;
        private final JdkImage image;

        JdkClasses(ClassBytes bytes, JdkImage image) {
            this.bytes = bytes;
            this.image = image;
        }

        @Override
        public void close() throws IOException {
            if (image != null) {
                image.close();
            }
        }
    }
}
