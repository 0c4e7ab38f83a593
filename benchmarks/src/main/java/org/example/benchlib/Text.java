package org.example.benchlib;

import java.util.List;
import java.util.function.Function;

/**
 * A small "library" for {@code io.jgo.bench.micro.SuspendableLibraryOps}: plain Java, named
 * suspendable in this module's {@code <suspendables>}, so the Maven plugin rewrites the methods a
 * suspension can reach ({@link #joinMapped} calls a {@code Function}; {@link #joinAll} calls
 * {@link #joinMapped}) and leaves {@link #pad} as written. {@code org.example.benchplain.Text} is
 * the same code, never rewritten: the baseline.
 */
public final class Text {

    private Text() {
    }

    /** Joins {@code f} of each item with {@code sep}. */
    public static <T> String joinMapped(List<T> items, Function<T, String> f, char sep) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(sep);
            }
            b.append(f.apply(items.get(i)));
        }
        return b.toString();
    }

    /** {@link #joinMapped} of every list, joined by ';': the library calling itself. */
    public static <T> String joinAll(List<List<T>> lists, Function<T, String> f) {
        StringBuilder b = new StringBuilder();
        for (List<T> items : lists) {
            b.append(joinMapped(items, f, ',')).append(';');
        }
        return b.toString();
    }

    /** Left-pads {@code s} with spaces to {@code width}: nothing in it can reach goroutine code. */
    public static String pad(String s, int width) {
        StringBuilder b = new StringBuilder(width);
        for (int i = s.length(); i < width; i++) {
            b.append(' ');
        }
        return b.append(s).toString();
    }
}
