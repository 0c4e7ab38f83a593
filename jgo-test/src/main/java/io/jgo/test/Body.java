package io.jgo.test;

import io.jgo.Goroutine;

/**
 * A test method bound to its instance and arguments, as a suspendable call: the main goroutine
 * calls {@link #run} through this interface, and the forwarder that {@code LambdaMetafactory}
 * makes for it is transparent to the rewrite, so the test method's frames unwind like any
 * goroutine's (nothing pins). Made by {@code TestMethods.bind}. Public only because that forwarder
 * is defined in the test class's own package, which must see its interface; tests never name it.
 */
@FunctionalInterface
public interface Body {

    @Goroutine
    void run() throws Throwable;
}
