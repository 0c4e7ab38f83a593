package io.jgo.instrument;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * The list a build-time rewrite writes into its output, {@code META-INF/jgo/suspendables}: the
 * methods of the suspendable packages that its closure found a suspension can reach, one a line as
 * {@code com/acme/Retry.run(Ljava/util/function/Supplier;)Ljava/lang/Object;}; lines starting with
 * {@code #} are comments. The agent reads every such resource on the class path at start, so code
 * it rewrites treats calls to them as suspension points (Quasar's {@code suspendables} files).
 */
public final class SuspendablesFile {

    /** Where in a jar or class folder the list lives. */
    public static final String PATH = "META-INF/jgo/suspendables";

    private SuspendablesFile() {
    }

    /** The file's bytes for {@code methods} (sorted, so that the output does not depend on the input's order). */
    public static byte[] write(Collection<String> methods) {
        StringBuilder text = new StringBuilder("# jgo: methods a suspension can reach, rewritten at build time\n");
        for (String method : new TreeSet<>(methods)) {
            text.append(method).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The methods a file lists.
     *
     * @throws IOException reading failed, or a line is not {@code owner.name(descriptor)return} (the message names the line)
     */
    public static Set<String> read(InputStream in, String where) throws IOException {
        Set<String> methods = new TreeSet<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        int number = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            number++;
            String entry = line.trim();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            int paren = entry.indexOf('(');
            int dot = paren < 0 ? -1 : entry.lastIndexOf('.', paren);
            if (dot <= 0 || dot + 1 == paren || entry.indexOf(')', paren) < 0 || entry.indexOf(' ') >= 0) {
                throw new IOException(where + " line " + number + ": '" + entry + "' is not a method as"
                        + " com/acme/Retry.run(Ljava/util/function/Supplier;)Ljava/lang/Object;");
            }
            methods.add(entry);
        }
        return methods;
    }
}
