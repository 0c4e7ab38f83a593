package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A {@code Go.run} runtime found every goroutine asleep and fails with a {@code DeadlockException}. */
@Name("jgo.Deadlock")
@Label("Deadlock")
@Category({"jgo", "Scheduler"})
@Description("All goroutines of a Go.run runtime are asleep: the run fails with DeadlockException")
@StackTrace(false)
final class DeadlockEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Goroutines")
    long goroutines;

    @Label("Goroutine Dump")
    String dump;
}
