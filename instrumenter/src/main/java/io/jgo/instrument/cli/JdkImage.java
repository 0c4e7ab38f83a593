package io.jgo.instrument.cli;

import io.jgo.instrument.ClassBytes;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The class files of a JDK other than the one running, read from its run-time image through the
 * {@code jrt:} file system of that JDK. A build that compiles for a newer Java than the one it runs
 * on (Maven on 17, a toolchain's JDK 21+ for javac) must look the JDK's classes up in the JDK the
 * code was compiled against: {@code Thread.ofVirtual} is not in 17. Thread-safe; close it when done.
 */
public final class JdkImage implements ClassBytes, Closeable {

    private final FileSystem jrt;
    private final Path packages;
    private final Path modules;

    private JdkImage(FileSystem jrt) {
        this.jrt = jrt;
        this.packages = jrt.getPath("/packages");
        this.modules = jrt.getPath("/modules");
    }

    /** Opens the image of the JDK installed at {@code javaHome}; fails with what is missing when it is no JDK 9+. */
    public static JdkImage open(Path javaHome) throws IOException {
        if (!Files.isRegularFile(javaHome.resolve("lib").resolve("modules"))) {
            throw new IOException(javaHome + " is not a JDK 9 or newer: it has no lib/modules");
        }
        return new JdkImage(FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", javaHome.toString())));
    }

    @Override
    public byte[] find(String internalName) {
        int slash = internalName.lastIndexOf('/');
        if (slash < 0) {
            return null;
        }
        Path modulesOfPackage = packages.resolve(internalName.substring(0, slash).replace('/', '.'));
        if (!Files.isDirectory(modulesOfPackage)) {
            return null;
        }
        try (DirectoryStream<Path> named = Files.newDirectoryStream(modulesOfPackage)) {
            for (Path module : named) {
                Path file = modules.resolve(module.getFileName().toString()).resolve(internalName + ".class");
                if (Files.isRegularFile(file)) {
                    return Files.readAllBytes(file);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        jrt.close();
    }
}
