package io.jgo.instrument.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * OUT, written under a fresh temporary name next to it and moved into place only once complete, so
 * that a failed run leaves OUT as it was and never a half-written jar.
 *
 * <p>A jar OUT is replaced by one atomic rename. A folder OUT that does not exist yet appears by one
 * atomic rename; into an existing folder each file is moved, one atomic replace each, and files
 * there that IN does not have are left alone (an error while moving, such as a folder in the way of
 * a file, leaves the files moved so far; the copy itself was complete). The temporary sits in OUT's own folder (same file
 * system, so the rename is a rename) and is named {@code .NAME.jgo-HEX.tmp}; {@link #close}
 * removes whatever is left of it (all of it when the run did not {@link #publish}).
 */
final class StagedOutput implements Closeable {

    private final Path out;
    private final Path staging;
    private final boolean jar;

    private StagedOutput(Path out, Path staging, boolean jar) {
        this.out = out;
        this.staging = staging;
        this.jar = jar;
    }

    /** Picks the temporary name next to {@code out} (creating OUT's parent folders); nothing else is created yet. */
    static StagedOutput nextTo(Path out) throws IOException {
        Path absolute = out.toAbsolutePath();
        Path parent = absolute.getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new IOFailure("cannot create the folder " + parent + " for OUT", e);
        }
        String name = "." + absolute.getFileName() + ".jgo-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp";
        return new StagedOutput(out, parent.resolve(name), Sink.isJarName(out));
    }

    /** A sink writing the temporary; a jar sink refuses to overwrite anything (the name is fresh). */
    Sink openSink() throws IOException {
        try {
            return jar ? new JarSink(staging) : new FolderSink(staging);
        } catch (FileAlreadyExistsException e) {
            throw new IOFailure("cannot create the temporary " + staging + " for OUT", e);
        }
    }

    /** Moves the finished temporary into place as OUT. */
    void publish() throws IOException {
        try {
            if (jar || !Files.isDirectory(out)) {
                Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                moveInto(out);
            }
        } catch (IOException e) {
            throw new IOFailure("cannot move the finished output " + staging + " into place as " + out, e);
        }
    }

    /** Moves every file of the staging folder into the existing folder {@code target}, each replacing its namesake atomically. */
    private void moveInto(Path target) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(staging)) {
            files = walk.filter(p -> !Files.isDirectory(p)).toList();
        }
        for (Path file : files) {
            Path destination = target.resolve(staging.relativize(file).toString());
            Files.createDirectories(destination.getParent());
            Files.move(file, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        try (Stream<Path> walk = Files.walk(staging)) {
            for (Path dir : walk.filter(Files::isDirectory).toList()) {
                Files.createDirectories(target.resolve(staging.relativize(dir).toString()));
            }
        }
        deleteStaging();
    }

    /** Removes what is left of the temporary (all of it when the run did not publish); best effort. */
    @Override
    public void close() {
        try {
            deleteStaging();
        } catch (IOException e) {
            // Left behind under its dotted name; the run's own error, if any, is what matters.
        }
    }

    private void deleteStaging() throws IOException {
        if (!Files.exists(staging)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(staging)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
