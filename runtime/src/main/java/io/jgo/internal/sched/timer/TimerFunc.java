package io.jgo.internal.sched.timer;

/**
 * What a {@link RuntimeTimer} does when it fires (Go's {@code timer.f}). It runs on whichever
 * thread runs the timer: an M's g0 (holding a P, or an idle M woken for the earliest timer) or
 * sysmon. It must not block and must not run user code: it readies a goroutine, starts one
 * ({@code Sched.newproc}), or completes a channel operation that cannot block (a timer channel's
 * one-slot send, a select's timeout case through its winner CAS).
 */
@FunctionalInterface
public interface TimerFunc {

    void fire(RuntimeTimer t);
}
