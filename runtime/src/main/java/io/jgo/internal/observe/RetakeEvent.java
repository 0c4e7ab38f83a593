package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * sysmon took a P away (Go's {@code retake}): from an M in a syscall that lasted a sysmon tick, or
 * from a goroutine that did not answer preemption for a whole extra time slice (a blocked carrier).
 * On by default: it marks a carrier blocked where the scheduler could not see it coming.
 */
@Name("jgo.Retake")
@Label("P Retaken")
@Category({"jgo", "Scheduler"})
@Description("sysmon took a P from a long syscall or from a goroutine that did not answer preemption")
@StackTrace(false)
final class RetakeEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Goroutine Id")
    @Description("The goroutine that lost its P; -1 for a syscall (Go.syscall)")
    long goroutineId;

    @Label("P")
    int p;

    @Label("M")
    int m;

    @Label("Reason")
    @Description("syscall, or unresponsive (a goroutine that did not answer preemption)")
    String reason;
}
