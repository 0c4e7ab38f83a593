package io.jgo.fuzz;

import java.util.List;

/**
 * A generated method of the program class. {@code returns} is null for void. Static methods take
 * the {@link Trace} as their first parameter ({@code t}); instance methods read it from the field.
 * A method may call only methods with a higher index, so calls never recurse (recursion is the
 * separate, bounded {@code rec}).
 */
record MethodSig(int index, String name, boolean isStatic, boolean annotated, boolean isSynchronized,
                 Ty returns, List<Ty> params) {

    String paramName(int i) {
        return "a" + i;
    }
}
