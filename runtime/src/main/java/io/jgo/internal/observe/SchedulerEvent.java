package io.jgo.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * Every second, one per live runtime: the fields of Go's SCHED line plus the goroutine count.
 * Registered with {@code FlightRecorder.addPeriodicEvent} once Flight Recorder initializes
 * ({@link Registrar}); on by default (one small event per runtime per second).
 */
@Name("jgo.Scheduler")
@Label("jgo Scheduler")
@Category({"jgo", "Scheduler"})
@Description("The state of a jgo runtime's scheduler: Go's SCHED line")
@Period("1 s")
@StackTrace(false)
final class SchedulerEvent extends jdk.jfr.Event {

    @Label("Runtime")
    String runtime;

    @Label("GOMAXPROCS")
    int gomaxprocs;

    @Label("Idle Ps")
    int idleProcs;

    @Label("Threads")
    @Description("Ms alive: carrier threads plus M0")
    int threads;

    @Label("Spinning Threads")
    int spinningThreads;

    @Label("Idle Threads")
    int idleThreads;

    @Label("Goroutines")
    long goroutines;

    @Label("Global Run Queue")
    int globalQueue;

    @Label("Local Run Queues")
    @Description("Goroutines on all Ps' local run queues together")
    long localQueued;

    @Label("Run Queue per P")
    @Description("Each P's local run queue length, as Go's SCHED line prints them: [0 3 1]")
    String runQueues;
}
