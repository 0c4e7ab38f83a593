package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A goroutine entered a call known to block (Go's {@code entersyscallblock}: a latch's await, a
 * queue's take, a JDK blocking call) and handed its P to another M at once. On the goroutine's own
 * thread, so the stack trace shows the blocking call. Off by default: one per blocking call.
 */
@Name("jgo.SyscallHandoff")
@Label("Syscall Handoff")
@Category({"jgo", "Scheduler"})
@Description("A goroutine entered a blocking call and handed its P to another M")
@Enabled(false)
final class SyscallHandoffEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Goroutine Id")
    long goroutineId;

    @Label("P")
    int p;

    @Label("M")
    int m;
}
