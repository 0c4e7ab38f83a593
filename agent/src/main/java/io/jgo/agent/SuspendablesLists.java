package io.jgo.agent;

import io.jgo.instrument.SuspendablesFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Reads, at start, every {@link SuspendablesFile} on the application class path: the methods
 * build-time runs found a suspension can reach, so that code the agent rewrites makes its calls
 * to them suspension points. A list that cannot be read is skipped with a warning naming it.
 */
final class SuspendablesLists {

    private SuspendablesLists() {
    }

    /** The methods every list visible to {@code loader} names; {@code warn} hears about each list it skips. */
    static Set<String> read(ClassLoader loader, Consumer<String> warn) {
        Set<String> methods = new TreeSet<>();
        Enumeration<URL> lists;
        try {
            lists = loader.getResources(SuspendablesFile.PATH);
        } catch (IOException e) {
            warn.accept("cannot look for " + SuspendablesFile.PATH + " on the class path (" + e + "); none is used");
            return methods;
        }
        while (lists.hasMoreElements()) {
            URL list = lists.nextElement();
            try (InputStream in = list.openStream()) {
                methods.addAll(SuspendablesFile.read(in, list.toString()));
            } catch (IOException e) {
                warn.accept("skipped " + list + ": " + e.getMessage());
            }
        }
        return methods;
    }
}
