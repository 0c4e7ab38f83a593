/**
 * Scheduler tests that need goroutines which really park and yield, and also the scheduler's own
 * view (its event trace, a runtime configured for the test). This package is rewritten by the agent
 * (see the table in {@link io.jgo.it}), so its goroutines unwind; it reaches the package-private
 * settings through the test-only {@code io.jgo.internal.sched.TestRuntimes}. Every test asserts the
 * pins it expects: none, or exactly the one it provokes.
 */
package io.jgo.it.sched;
