package io.jgo.test;

import io.jgo.Goroutine;

/**
 * A test method bound to its instance and arguments, as a suspendable call: the main goroutine
 * calls {@link #run} through this interface, and the forwarder that {@code LambdaMetafactory}
 * makes for it is transparent to the rewrite, so the test method's frames unwind like any
 * goroutine's (nothing pins). Made by {@link TestMethods#bind}.
 */
@FunctionalInterface
interface Body {

    @Goroutine
    void run() throws Throwable;
}
