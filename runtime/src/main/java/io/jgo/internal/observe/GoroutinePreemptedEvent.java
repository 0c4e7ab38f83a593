package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * sysmon asked a goroutine that ran a whole time slice (10 ms) to yield. Emitted by sysmon's thread,
 * so without a stack trace. Off by default: a CPU-bound program gets one per P every time slice.
 */
@Name("jgo.GoroutinePreempted")
@Label("Goroutine Preempted")
@Category({"jgo", "Scheduler"})
@Description("sysmon asked a goroutine that ran for a whole time slice to yield")
@Enabled(false)
@StackTrace(false)
final class GoroutinePreemptedEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Goroutine Id")
    long goroutineId;

    @Label("P")
    int p;

    @Label("M")
    int m;
}
