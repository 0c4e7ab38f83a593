package io.jgo.maven;

import java.util.ArrayList;
import java.util.List;

/**
 * Which class files the plugin rewrites, by package, with the agent's rules ({@code include=} and
 * {@code exclude=}): a package includes its sub-packages, {@code excludes} wins over
 * {@code includes}, and no {@code includes} means every package. The runtime's own classes are
 * never rewritten (the instrumenter leaves them alone by itself). Immutable.
 */
final class PackageFilter {

    private final List<String> include;
    private final List<String> exclude;

    private PackageFilter(List<String> include, List<String> exclude) {
        this.include = include;
        this.exclude = exclude;
    }

    /**
     * @throws IllegalArgumentException naming the parameter and the entry, for a name that is not a
     *                                  dotted Java package name
     */
    static PackageFilter of(List<String> includes, List<String> excludes) {
        return new PackageFilter(prefixes("includes", includes), prefixes("excludes", excludes));
    }

    /** @param classFile a class file's path under the class folder, '/'-separated ({@code com/acme/App.class}) */
    boolean accepts(String classFile) {
        if (startsWithAny(classFile, exclude)) {
            return false;
        }
        return include.isEmpty() || startsWithAny(classFile, include);
    }

    private static boolean startsWithAny(String path, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> prefixes(String parameter, List<String> packages) {
        List<String> prefixes = new ArrayList<>();
        if (packages == null) {
            return prefixes;
        }
        for (String entry : packages) {
            String name = entry == null ? "" : entry.trim();
            String problem = problemWith(name);
            if (problem != null) {
                throw new IllegalArgumentException("jgo-maven-plugin: <" + parameter + "> entry '" + name + "' " + problem);
            }
            prefixes.add(name.replace('.', '/') + "/");
        }
        return List.copyOf(prefixes);
    }

    /** Null when {@code name} is a dotted Java package name, else what is wrong with it. */
    private static String problemWith(String name) {
        if (name.isEmpty()) {
            return "is empty; name a package such as com.acme.app";
        }
        if (name.indexOf('/') >= 0) {
            return "uses '/'; write packages with dots, e.g. " + name.replace('/', '.');
        }
        if (name.endsWith(".*") || name.endsWith(".")) {
            return "ends with a wildcard or a dot; write just the package (" + name.replaceAll("\\.\\*?$", "")
                    + "): its sub-packages are included";
        }
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))
                    || !part.chars().skip(1).allMatch(Character::isJavaIdentifierPart)) {
                return "is not a Java package name";
            }
        }
        return null;
    }
}
