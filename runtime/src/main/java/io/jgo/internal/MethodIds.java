package io.jgo.internal;

/**
 * Method identities shared with the instrumenter (which computes the same function from the
 * class file): the 32-bit hash of {@code binaryClassName + "." + name + descriptor}. A call-site id
 * is {@code (long) callerId << 32 | siteIndex}. Collisions only weaken a sanity check.
 */
public final class MethodIds {

    private MethodIds() {
    }

    public static int of(String binaryClassName, String name, String descriptor) {
        return (binaryClassName + "." + name + descriptor).hashCode();
    }
}
