package io.jgo.instrument.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Where the copy goes: a class folder or a jar. Entries are written in the order they are given. */
interface Sink extends Closeable {

    void write(Entry entry) throws IOException;

    /** True when {@code out} names a jar ({@code .jar} or {@code .zip}); otherwise it is a folder. */
    static boolean isJarName(Path out) {
        String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".jar") || name.endsWith(".zip");
    }
}
