/** A program {@code io.jgo.it.LeftOutPinTest} runs in its own JVM, with the agent told to rewrite only this package. */
package io.jgo.it.leftout.app;
