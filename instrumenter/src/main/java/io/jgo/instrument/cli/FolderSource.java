package io.jgo.instrument.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A class folder read as a {@link Source}; entries come sorted by name, the manifest first. */
final class FolderSource implements Source {

    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    private final Path root;

    FolderSource(Path root) {
        this.root = root;
    }

    @Override
    public void forEach(EntryAction action) throws IOException {
        for (Path path : paths()) {
            String name = nameOf(path);
            if (Files.isDirectory(path)) {
                action.accept(new Entry(name + "/", new byte[0], Files.getLastModifiedTime(path), false));
            } else {
                action.accept(new Entry(name, Files.readAllBytes(path), Files.getLastModifiedTime(path), false));
            }
        }
    }

    @Override
    public byte[] read(String name) throws IOException {
        Path path = root.resolve(name);
        return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(path) : null;
    }

    @Override
    public void close() {
    }

    /** Every path under the root except the root, manifest (and its folder) first, then by name. */
    private List<Path> paths() throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(walk.filter(p -> !p.equals(root)).toList());
            paths.sort(Comparator.comparingInt((Path p) -> manifestRank(nameOf(p))).thenComparing(this::nameOf));
            return paths;
        }
    }

    private static int manifestRank(String name) {
        if (name.equals("META-INF")) {
            return 0;
        }
        return name.equals(MANIFEST) ? 1 : 2;
    }

    private String nameOf(Path path) {
        return root.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
    }
}
