package io.jgo.fuzz;

import java.util.EnumSet;
import java.util.Set;

/**
 * Kinds of construct the generator can put in a program. A run's generator settings are a set of
 * these; a kind is held back from the CI batch only while a known defect makes it fail (see
 * {@link FuzzSettings#CI}), never silently.
 */
enum Feature {
    /** for, while, do-while; break and continue. */
    LOOPS,
    /** Switch statements and expressions on int (table and lookup), String and enum. */
    SWITCH,
    /** try/catch/finally, suspensions in every part, exceptions thrown across suspended frames. */
    TRY,
    /** synchronized blocks and methods holding a suspension point (these pin). */
    SYNCHRONIZED,
    /** Lambdas through JDK functional interfaces, capturing every type. */
    LAMBDAS,
    /** Method references that need no adaptation (bound receivers, static, through a @Goroutine SAM). */
    METHOD_REF_EXACT,
    /**
     * Unbound-receiver method references through a generic SAM ({@code ToIntFunction<Box> f = Box::get}):
     * the receiver arrives as Object and the forwarder casts it.
     */
    METHOD_REF_RECEIVER_CAST,
    /** Method references that box or unbox an argument or the result. */
    METHOD_REF_BOXING,
    /** Method references that widen a primitive argument or the result. */
    METHOD_REF_WIDENING,
    /** Method references to varargs methods. */
    METHOD_REF_VARARGS,
    /** Constructor references ({@code Box::new}, {@code int[]::new}). */
    METHOD_REF_CTOR,
    /** JDK collections and streams calling suspending lambdas (these may pin). */
    COLLECTIONS,
    /** Enhanced for over a list: the JDK iterator's hasNext/next between suspension points. */
    ITERATOR_LOOPS,
    /** JDK wrappers around suspending functions: Function.andThen/compose, IntUnaryOperator.identity. */
    LIBRARY_WRAPPERS,
    /** Virtual calls: overrides calling super, interface calls, default methods. */
    VIRTUAL,
    /**
     * One call site reaching the same suspending callee directly and, on a later pass of a loop,
     * through a frame nobody rewrote: a {@code Function.andThen} wrapper, an unannotated override
     * calling {@code super} (the second path must pin, whatever the first one taught the runtime).
     */
    MIXED_PATHS,
    /** A @Goroutine implementation called through an interface method that is not @Goroutine (pins). */
    UNANNOTATED_INTERFACE,
    /** A constructor that suspends (pins), besides {@code new} with suspending arguments (always on). */
    CTOR_SUSPENDS,
    /** Methods without @Goroutine that reach a suspension point (pins). */
    UNANNOTATED_METHODS,
    /** Bounded recursion through a @Goroutine method. */
    RECURSION,
    /** java.util.concurrent locks (ReentrantLock, read-write) held across suspensions (these pin); see OwnedLockStatements. */
    OWNED_LOCKS,
    /**
     * Frames wide at a suspension point ({@link WideFrames}): many suspending operands of every
     * type in one expression, calls and {@code new}s with up to 255 parameter slots of suspending
     * arguments, blocks of many live locals; and a block of 130 to 190 locals, two thirds of them
     * longs or doubles, live across a suspension point at a method's end, so its save straddles
     * the 255 parameter slots of one save helper (split into a chain of helpers past it).
     */
    WIDE_FRAMES;

    static Set<Feature> all() {
        return EnumSet.allOf(Feature.class);
    }
}
