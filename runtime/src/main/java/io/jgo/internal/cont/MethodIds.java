package io.jgo.internal.cont;

/**
 * Method identities shared with the instrumenter (which computes the same function from the
 * class file): the 32-bit hash of {@code binaryClassName + "." + name + descriptor}. A call-site id
 * is {@code (long) callerId << 32 | siteIndex}. Different methods share an id easily ({@code "Aa"}
 * and {@code "BB"} hash alike), so an id alone never decides that a frame may unwind: see
 * {@link Adjacency} (the frame below must also be of a class the rewrite changed, or of the runtime)
 * and the instrumenter, which marks the call sites of a method sharing its id within its class.
 */
public final class MethodIds {

    private MethodIds() {
    }

    public static int of(String binaryClassName, String name, String descriptor) {
        return (binaryClassName + "." + name + descriptor).hashCode();
    }
}
