/**
 * The scheduler's face towards {@code io.jgo.Go} ({@link io.jgo.internal.proc.Proc}), as Go's
 * exported functions of {@code runtime/proc.go} are its face towards programs: starting goroutines
 * and runtimes, GOMAXPROCS, counts and dumps, syscalls, a sleep's timer. It keeps the API free of
 * the scheduler's types. Depends on {@code io.jgo.internal.sched}; nothing of the scheduler depends on it.
 * {@link io.jgo.internal.proc.AfterCancel} is the API's other face the other way round: Go's
 * {@code context.AfterFunc}, which {@code io.jgo} installs and {@code io.jgo.net} uses.
 * {@link io.jgo.internal.proc.Bubbles} is the face towards jgo-test ({@code io.jgo.test}): a test
 * bubble's runtime, and from inside one, whether the other goroutines are durably blocked, the
 * virtual time and the goroutines left alive.
 */
package io.jgo.internal.proc;
