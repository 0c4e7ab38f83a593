package io.jgo.instrument.cli;

import io.jgo.instrument.ClassBytes;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * How the rewrite finds other classes during a build-time run: IN first, then each
 * {@code --classpath} entry in order, then the JVM's own class loader. Closes the classpath entries
 * it opened (not IN, which belongs to the caller).
 */
final class Lookup implements ClassBytes, Closeable {

    private final List<ClassBytes> chain;
    private final List<Source> opened;

    private Lookup(List<ClassBytes> chain, List<Source> opened) {
        this.chain = chain;
        this.opened = opened;
    }

    /**
     * @param in        the tree being rewritten
     * @param classpath further jars and folders; a missing one is reported to {@code warn} and skipped
     * @param jvm       the last resort (its resources include the JDK's class files)
     */
    static Lookup of(Source in, List<Path> classpath, ClassLoader jvm, Consumer<String> warn) throws IOException {
        return of(in, classpath, ClassBytes.of(jvm), warn);
    }

    /** As above, with the JDK's classes from {@code jdk} (another JDK's image: {@link JdkImage}). */
    static Lookup of(Source in, List<Path> classpath, ClassBytes jdk, Consumer<String> warn) throws IOException {
        List<ClassBytes> chain = new ArrayList<>();
        List<Source> opened = new ArrayList<>();
        chain.add(of(in));
        try {
            for (Path entry : classpath) {
                if (!Files.exists(entry)) {
                    warn.accept("classpath entry " + entry + " does not exist; ignored");
                    continue;
                }
                Source source = Source.open(entry);
                opened.add(source);
                chain.add(of(source));
            }
        } catch (IOException | RuntimeException e) {
            closeAll(opened);
            throw e;
        }
        chain.add(jdk);
        return new Lookup(List.copyOf(chain), opened);
    }

    @Override
    public byte[] find(String internalName) {
        for (ClassBytes candidate : chain) {
            byte[] bytes = candidate.find(internalName);
            if (bytes != null) {
                return bytes;
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        closeAll(opened);
    }

    private static ClassBytes of(Source source) {
        return internalName -> {
            try {
                return source.read(internalName + ".class");
            } catch (IOException e) {
                return null;
            }
        };
    }

    private static void closeAll(List<Source> sources) throws IOException {
        IOException first = null;
        for (Source source : sources) {
            try {
                source.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
