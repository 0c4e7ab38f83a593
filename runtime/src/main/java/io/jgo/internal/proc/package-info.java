/**
 * The scheduler's face towards {@code io.jgo.Go} ({@link io.jgo.internal.proc.Proc}), as Go's
 * exported functions of {@code runtime/proc.go} are its face towards programs: starting goroutines
 * and runtimes, GOMAXPROCS, counts and dumps, syscalls, a sleep's timer. It keeps the API free of
 * the scheduler's types. Depends on {@code io.jgo.internal.sched}; nothing of the scheduler depends on it.
 */
package io.jgo.internal.proc;
