package io.jgo.internal;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes the {@link Resumer} of a rewritten class. The rewrite adds to each class a synthetic
 * static field {@code $jgo$resumer}, set first thing in its static initializer by
 * {@code Resumers.of(MethodHandles.lookup())}; every save helper of the class stores that object in
 * slot 0 of the frame's record, which is how g0 knows how to re-enter the frame alone.
 *
 * <p>The resumer is a {@link LambdaMetafactory} object over the class's private
 * {@code $jgo$resume(Stack, int)}: made with the class's own full-privilege lookup, as javac's
 * lambdas are, so it works for classes in named modules too and the call from g0 is a plain
 * interface call. When it cannot be made (an unexpected class shape), the field stays null, the
 * class's records say "no resumer", and g0 resumes those frames the eager way: slower, never wrong.
 */
public final class Resumers {

    /** Name and type of the synthetic resume entry the rewrite adds to every rewritten class. */
    public static final String ENTRY = "$jgo$resume";
    private static final MethodType ENTRY_TYPE = MethodType.methodType(void.class, Stack.class, int.class);

    private Resumers() {
    }

    /** The resumer of the class {@code lookup} belongs to, or null (warned once) when it cannot be made. */
    public static Resumer of(MethodHandles.Lookup lookup) {
        Class<?> owner = lookup.lookupClass();
        try {
            MethodHandle entry = lookup.findStatic(owner, ENTRY, ENTRY_TYPE);
            return (Resumer) LambdaMetafactory.metafactory(lookup, "resume", MethodType.methodType(Resumer.class),
                    ENTRY_TYPE, entry, ENTRY_TYPE).getTarget().invoke();
        } catch (Throwable e) {
            Warnings.once("resumer:" + owner.getName(), () -> "frames of " + owner.getName()
                    + " will be resumed the slow way (every saved frame re-entered), because its resume entry could not be linked: " + e);
            return null;
        }
    }
}
