package io.jgo.agent;

import io.jgo.instrument.Diagnostics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code dump=DIR}: writes each rewritten class to {@code DIR/<internal name>.class} for inspection
 * with {@code javap} or a decompiler. A failed write is a warning: the class is still used.
 */
final class ClassDumper {

    private final Path folder;
    private final Diagnostics diagnostics;

    ClassDumper(Path folder, Diagnostics diagnostics) {
        this.folder = folder;
        this.diagnostics = diagnostics;
    }

    void dump(String internalName, byte[] classFile) {
        Path target = folder.resolve(internalName + ".class");
        try {
            Files.createDirectories(target.getParent());
            Files.write(target, classFile);
        } catch (IOException | RuntimeException e) {
            diagnostics.warning("could not dump " + internalName.replace('/', '.') + " to " + target + ": " + e);
        }
    }
}
