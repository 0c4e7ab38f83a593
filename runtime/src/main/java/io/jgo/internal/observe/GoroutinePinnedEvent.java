package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/**
 * A goroutine parked while it could not unwind, so it blocked its carrier thread for the whole wait
 * (jgo's {@code jdk.VirtualThreadPinned}). A duration event: it begins when the wait begins (the
 * leaf prepares its park; a sleep, before its deadline is computed), so it spans the whole wait,
 * the time taken to find that the goroutine must pin included, and is committed when the goroutine
 * runs again, on the carrier, so its stack trace is the pinned one.
 * On by default with a 20 ms threshold, as the JDK's.
 */
@Name("jgo.GoroutinePinned")
@Label("Goroutine Pinned")
@Category({"jgo", "Scheduler"})
@Description("A goroutine parked on its carrier thread because a frame in the way could not unwind")
@Threshold("20 ms")
public final class GoroutinePinnedEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("Goroutine Id")
    long goroutineId;

    @Label("Wait Reason")
    String waitReason;

    @Label("Pinned Frame")
    @Description("The first frame outside jgo that kept the goroutine from unwinding (not rewritten, or holding a monitor)")
    String pinnedFrame;
}
