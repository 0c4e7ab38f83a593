package io.jgo.agent;

import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablePackages;
import io.jgo.instrument.SuspendablesFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The agent's options, parsed and checked from the text after {@code jgo-agent.jar=}: a
 * comma-separated list of {@code include=PKG[:PKG...]}, {@code exclude=PKG[:PKG...]},
 * {@code verbose}, {@code dump=DIR}, {@code verify}, {@code blocking=M[:M...]} and
 * {@code suspendable=PKG[:PKG...]} (or {@code *}). Immutable.
 *
 * <p>Packages are given dotted ({@code com.example.app}) and name the package and its
 * sub-packages; they are kept as internal-name prefixes ({@code com/example/app/}), the form a
 * {@link java.lang.instrument.ClassFileTransformer} sees.
 */
final class AgentOptions {

    static final String USAGE = String.join(System.lineSeparator(),
            "Valid jgo agent options, comma-separated, e.g. -javaagent:jgo-agent.jar=include=com.example:org.acme,verbose",
            "  include=PKG[:PKG...]  rewrite only classes in these packages and their sub-packages",
            "                        (default: every class outside the JDK and the jgo runtime)",
            "  exclude=PKG[:PKG...]  never rewrite classes in these packages (wins over include)",
            "  verbose               name each rewritten class on stderr",
            "  dump=DIR              also write each rewritten class to DIR/<package path>/<Class>.class",
            "  verify                check each rewritten class with ASM's verifier",
            "  blocking=M[:M...]     methods of the application that block (com.acme.Client.call): goroutine code",
            "                        calling them hands its P on while they block, as around the JDK's blocking calls",
            "  suspendable=PKG[:PKG...]  packages (with sub-packages) whose methods are rewritten, unannotated, where a",
            "                        suspension may reach them (one that calls into these packages, a JDK functional",
            "                        interface or a suspendable method), so that code that suspends under them does not",
            "                        pin; default * (every class but the JDK's and jgo's: no @Goroutine needed);",
            "                        " + SuspendablePackages.ANNOTATED_ONLY + " rewrites @Goroutine methods and lambdas only;",
            "                        " + SuspendablesFile.PATH + " lists on the class path are read too",
            "  stress=P              stress mode: every call in a rewritten class is a suspension point, and a share P",
            "                        (0 to 1) of goroutine runs yield at the first one they reach (sets -Djgo.stress=P;",
            "                        -Djgo.stress.seed=N repeats a run's coins); results must not change",
            "System property -Djgo.preempt=loops|calls|off chooses where rewritten code answers preemption (default loops).");


    private final List<String> include;
    private final List<String> exclude;
    private final boolean verbose;
    private final boolean verify;
    private final Path dump;
    private final List<String> blocking;
    private final SuspendablePackages suspendable;
    /** {@code stress=P}, or null. */
    private final String stress;
    private final RewriteOptions rewrite;

    private AgentOptions(List<String> include, List<String> exclude, boolean verbose, boolean verify, Path dump,
            List<String> blocking, SuspendablePackages suspendable, String stress, RewriteOptions rewrite) {
        this.include = include;
        this.exclude = exclude;
        this.verbose = verbose;
        this.verify = verify;
        this.dump = dump;
        this.blocking = blocking;
        this.suspendable = suspendable;
        this.stress = stress;
        this.rewrite = rewrite;
    }

    /**
     * Parses and checks {@code text} (null or empty: the defaults). Creates the dump folder now, so a
     * path that cannot be written fails at start-up rather than at the first rewritten class.
     */
    static AgentOptions parse(String text) {
        if (text == null || text.isBlank()) {
            return new Builder("").build();
        }
        Builder builder = new Builder(text);
        String[] items = text.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            builder.add(items[i].trim(), i + 1, items.length);
        }
        return builder.build();
    }

    /** Internal-name prefixes ({@code com/example/}) to rewrite; empty means everything eligible. */
    List<String> include() {
        return include;
    }

    /** Internal-name prefixes never to rewrite. */
    List<String> exclude() {
        return exclude;
    }

    boolean verbose() {
        return verbose;
    }

    boolean verify() {
        return verify;
    }

    /** Folder for rewritten class files, or null. */
    Path dump() {
        return dump;
    }

    /** {@code suspendable=}, {@link SuspendablePackages#DEFAULT} when not given. */
    SuspendablePackages suspendable() {
        return suspendable;
    }

    /** {@code stress=P} as given (a checked probability), or null: the runtime's {@code -Djgo.stress}. */
    String stress() {
        return stress;
    }

    /** The rewrite's own options: {@code -Djgo.preempt}, {@code blocking=}, {@code suspendable=} and {@code stress=}. */
    RewriteOptions rewrite() {
        return rewrite;
    }

    /** {@code include=} as packages, dotted and {@code :}-separated ("" when every class is included). */
    String includedPackages() {
        return dotted(include);
    }

    /** {@code exclude=} as packages, dotted and {@code :}-separated ("" for none). */
    String excludedPackages() {
        return dotted(exclude);
    }

    @Override
    public String toString() {
        return "include=" + (include.isEmpty() ? "(all)" : dotted(include)) + " exclude=" + dotted(exclude)
                + " verbose=" + verbose + " verify=" + verify + " dump=" + (dump == null ? "(off)" : dump)
                + " blocking=" + (blocking.isEmpty() ? "(JDK only)" : String.join(":", blocking))
                + " suspendable=" + (suspendable.isEmpty() ? SuspendablePackages.ANNOTATED_ONLY : suspendable)
                + (stress == null ? "" : " stress=" + stress);
    }

    private static String dotted(List<String> prefixes) {
        List<String> packages = new ArrayList<>();
        for (String prefix : prefixes) {
            packages.add(prefix.substring(0, prefix.length() - 1).replace('/', '.'));
        }
        return String.join(":", packages);
    }

    /** Collects items one by one; every failure names the item and its position. */
    private static final class Builder {

        private final String text;
        private final Set<String> seen = new HashSet<>();
        private List<String> include = List.of();
        private List<String> exclude = List.of();
        private boolean verbose;
        private boolean verify;
        private Path dump;
        private List<String> blocking = List.of();
        private SuspendablePackages suspendable = SuspendablePackages.DEFAULT;
        private String stress;

        private String item;
        private int position;
        private int count;

        Builder(String text) {
            this.text = text;
        }

        void add(String item, int position, int count) {
            this.item = item;
            this.position = position;
            this.count = count;
            if (item.isEmpty()) {
                throw fail("an empty option (two commas in a row, or a comma at the start or end)");
            }
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq).trim();
            String value = eq < 0 ? null : item.substring(eq + 1).trim();
            if (!seen.add(key) && isKnown(key)) {
                throw fail(key + " is given twice; give it once" + (key.endsWith("clude") ? ", packages separated by ':'" : ""));
            }
            switch (key) {
                case "include" -> include = packages(key, value);
                case "exclude" -> exclude = packages(key, value);
                case "verbose" -> verbose = flag(key, value);
                case "verify" -> verify = flag(key, value);
                case "dump" -> dump = folder(key, value);
                case "blocking" -> blocking = methods(key, value);
                case "suspendable" -> suspendable = suspendablePackages(key, value);
                case "stress" -> stress = probability(key, value);
                default -> throw fail("unknown option " + quote(key) + suggestion(key));
            }
        }

        /** Also validates {@code -Djgo.preempt}, which the rewrite reads: a bad value stops the agent here. */
        AgentOptions build() {
            RewriteOptions rewrite;
            try {
                rewrite = RewriteOptions.fromSystemProperties().withBlocking(blocking).withSuspendable(suspendable);
                if (stress != null) {
                    rewrite = rewrite.withStress();
                }
            } catch (IllegalArgumentException e) {
                throw new AgentOptionException("jgo agent: " + e.getMessage() + "." + System.lineSeparator() + USAGE);
            }
            return new AgentOptions(include, exclude, verbose, verify, dump, blocking, suspendable, stress, rewrite);
        }

        private static boolean isKnown(String key) {
            return KNOWN.contains(key);
        }

        private static final List<String> KNOWN = List.of("include", "exclude", "verbose", "verify", "dump", "blocking",
                "suspendable", "stress");

        /** {@code 0.25}: a probability from 0 to 1, kept as written. */
        private String probability(String key, String value) {
            if (value == null || value.isEmpty()) {
                throw fail(key + " needs a probability from 0 to 1, e.g. " + key + "=0.1 (1: yield at every point)");
            }
            try {
                double p = Double.parseDouble(value);
                if (p >= 0 && p <= 1) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // named below
            }
            throw fail(key + " " + quote(value) + " is not a probability from 0 to 1; write e.g. " + key + "=0.1");
        }

        /** {@code com.acme:org.example} or {@code *}. */
        private SuspendablePackages suspendablePackages(String key, String value) {
            if (value == null || value.isEmpty()) {
                throw fail(key + " needs at least one package, e.g. " + key + "=com.acme:org.example, " + key + "=* (the default)"
                        + " or " + key + "=" + SuspendablePackages.ANNOTATED_ONLY);
            }
            try {
                return SuspendablePackages.parse(value);
            } catch (IllegalArgumentException e) {
                throw fail(e.getMessage());
            }
        }

        /** {@code com.acme.Client.call:org.acme.Db.query}: fully qualified methods, checked one by one. */
        private List<String> methods(String key, String value) {
            if (value == null || value.isEmpty()) {
                throw fail(key + " needs at least one method, e.g. " + key + "=com.acme.Client.call");
            }
            List<String> methods = new ArrayList<>();
            String[] names = value.split(":", -1);
            for (int i = 0; i < names.length; i++) {
                String name = names[i].trim();
                boolean unqualified = !name.isEmpty() && name.indexOf('/') < 0 && name.lastIndexOf('.') <= 0;
                String problem = unqualified ? quote(name) + " is not a fully qualified method (package.Class.method)"
                        : packageProblem(name);
                if (problem != null) {
                    throw fail(key + " method " + (i + 1) + " of " + names.length + " " + problem);
                }
                methods.add(name);
            }
            return List.copyOf(methods);
        }

        private boolean flag(String key, String value) {
            if (value != null) {
                throw fail(key + " takes no value; write just " + key);
            }
            return true;
        }

        private List<String> packages(String key, String value) {
            if (value == null || value.isEmpty()) {
                throw fail(key + " needs at least one package, e.g. " + key + "=com.example.app:org.acme");
            }
            List<String> prefixes = new ArrayList<>();
            String[] names = value.split(":", -1);
            for (int i = 0; i < names.length; i++) {
                String name = names[i].trim();
                String problem = packageProblem(name);
                if (problem != null) {
                    throw fail(key + " package " + (i + 1) + " of " + names.length + " " + problem);
                }
                prefixes.add(name.replace('.', '/') + "/");
            }
            return List.copyOf(prefixes);
        }

        /** Null when {@code name} is a dotted Java package name, else what is wrong with it. */
        private static String packageProblem(String name) {
            if (name.isEmpty()) {
                return "is empty (two ':' in a row, or a ':' at the start or end)";
            }
            if (name.indexOf('/') >= 0) {
                return quote(name) + " uses '/'; write packages with dots, e.g. " + name.replace('/', '.');
            }
            if (name.endsWith(".*") || name.endsWith(".")) {
                return quote(name) + " ends with a wildcard or a dot; write just the package ("
                        + name.replaceAll("\\.\\*?$", "") + "): its sub-packages are included";
            }
            for (String part : name.split("\\.", -1)) {
                if (!isIdentifier(part)) {
                    return quote(name) + " is not a Java package name";
                }
            }
            return null;
        }

        private static boolean isIdentifier(String part) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
                return false;
            }
            return part.codePoints().skip(1).allMatch(Character::isJavaIdentifierPart);
        }

        private Path folder(String key, String value) {
            if (value == null || value.isEmpty()) {
                throw fail(key + " needs a folder, e.g. " + key + "=target/jgo-dump");
            }
            Path folder;
            try {
                folder = Path.of(value);
            } catch (InvalidPathException e) {
                throw fail(key + " folder " + quote(value) + " is not a valid path: " + e.getReason());
            }
            try {
                Files.createDirectories(folder);
            } catch (IOException | SecurityException e) {
                throw fail(key + " folder " + quote(value) + " cannot be created (" + e + "); choose a writable folder");
            }
            if (!Files.isWritable(folder)) {
                throw fail(key + " folder " + quote(value) + " is not writable; choose a writable folder");
            }
            return folder;
        }

        private AgentOptionException fail(String what) {
            return new AgentOptionException("jgo agent: bad option " + quote(item) + " (item " + position + " of " + count
                    + " in " + quote(text) + "): " + what + "." + System.lineSeparator() + USAGE);
        }

        private static String suggestion(String key) {
            for (String known : KNOWN) {
                if (editDistance(key.toLowerCase(java.util.Locale.ROOT), known) <= 2) {
                    return "; did you mean " + known + "?";
                }
            }
            return "";
        }

        private static int editDistance(String a, String b) {
            int[] row = new int[b.length() + 1];
            for (int j = 0; j <= b.length(); j++) {
                row[j] = j;
            }
            for (int i = 1; i <= a.length(); i++) {
                int diagonal = row[0];
                row[0] = i;
                for (int j = 1; j <= b.length(); j++) {
                    int above = row[j];
                    row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                    diagonal = above;
                }
            }
            return row[b.length()];
        }

        private static String quote(String s) {
            return "'" + s + "'";
        }
    }
}
