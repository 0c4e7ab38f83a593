package io.jgo.internal;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;

/**
 * The bootstrap of a rewritten construction {@code new C(a)} of a class whose constructor the rewrite
 * may have split: the call site {@code invokedynamic new(A)C} is linked, once, to {@code C}'s static
 * synthetic factory {@code jgo$new(A)} when {@code C} has one, and to the constructor {@code C(A)}
 * otherwise. The caller cannot know which: the decision to split is read from {@code C}'s class bytes,
 * but whether {@code C} itself is transformed depends on who loads it (a class the agent never saw,
 * loaded before it or while another transform ran on the same thread; an excluded package; a jar
 * rewritten without the split), and a direct call of a missing factory would fail with
 * {@code NoSuchMethodError}. Through the constructor the object is built as {@code new} builds it, and a
 * suspension in its body pins the goroutine, as in code nobody rewrote.
 *
 * <p>The call site is a {@link ConstantCallSite}: its target never changes, so a frame that unwound
 * through the factory is re-entered through the same factory when its caller resumes (the caller
 * executes the same {@code invokedynamic} again). Between the factory's frame and the caller's the
 * JDK's method-handle adapters stand (hidden frames of {@code java.lang.invoke}); the adjacency check
 * looks through them for the factory alone ({@code io.jgo.internal.cont.Adjacency}).
 *
 * <p>Threads: the JVM may run this bootstrap for one call site on several threads at once and keeps
 * one result; every run returns the same choice, since {@code C} is loaded, with or without its
 * factory, before the bootstrap runs (the call site's type names it).
 */
public final class Constructions {

    /** The split constructor's factory, as the instrumenter's {@code ConstructorSplit.FACTORY} names it. */
    static final String FACTORY = "jgo$new";

    private Constructions() {
    }

    /**
     * Links {@code invokedynamic new(A)C}: {@code C.jgo$new(A)} if {@code C} declares it (static and
     * synthetic, as the rewrite makes it, and accessible to {@code caller}), else the constructor
     * {@code C(A)}. If neither can be linked, throws what {@code new C(a)} would have thrown.
     */
    public static CallSite factoryOrConstructor(MethodHandles.Lookup caller, String name, MethodType type) {
        Class<?> made = type.returnType();
        MethodHandle factory = factory(caller, made, type);
        if (factory != null) {
            return new ConstantCallSite(factory);
        }
        try {
            return new ConstantCallSite(caller.findConstructor(made, type.changeReturnType(void.class)));
        } catch (NoSuchMethodException e) {
            throw (NoSuchMethodError) new NoSuchMethodError(made.getName() + ".<init>" + type.changeReturnType(void.class)
                    + " (a construction in " + caller.lookupClass().getName() + ")").initCause(e);
        } catch (IllegalAccessException e) {
            throw (IllegalAccessError) new IllegalAccessError(e.getMessage()).initCause(e);
        }
    }

    /** The factory, or null when {@code made} has none that {@code caller} may call (not split, not rewritten). */
    private static MethodHandle factory(MethodHandles.Lookup caller, Class<?> made, MethodType type) {
        try {
            MethodHandle factory = caller.findStatic(made, FACTORY, type);
            int modifiers = caller.revealDirect(factory).getModifiers();
            // 0x1000 is ACC_SYNTHETIC: a method the program itself named jgo$new is not the rewrite's factory.
            return (modifiers & 0x1000) != 0 && Modifier.isStatic(modifiers) ? factory : null;
        } catch (NoSuchMethodException | IllegalAccessException absent) {
            return null;
        }
    }
}
