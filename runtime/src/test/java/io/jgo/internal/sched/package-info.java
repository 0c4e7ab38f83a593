/**
 * Tests of the scheduler from inside its package. The agent does <em>not</em> rewrite this package
 * (it skips {@code io/jgo/internal/}; see the table in {@code io.jgo.it}'s package comment), so here
 * every park or yield of ordinary code pins instead of unwinding. The tests here therefore claim
 * no unwinding of their own: they test the run queues alone, drive the scheduler's steps by hand,
 * run goroutines that never park, or unwind through {@link io.jgo.internal.sched.HandRewrittenBody}
 * (and then assert from the trace that only the unrewritten main goroutine pinned). Tests whose
 * goroutines must park or yield for real live in the rewritten {@code io.jgo.it.sched}, which uses
 * {@link io.jgo.internal.sched.TestRuntimes} and {@link io.jgo.internal.sched.TraceRecorder} from here.
 */
package io.jgo.internal.sched;
