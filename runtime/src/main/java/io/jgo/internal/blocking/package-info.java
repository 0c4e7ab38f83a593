/**
 * What rewritten code calls in place of, or around, the JDK calls that block a thread (the
 * instrumenter's {@code BlockingCalls} and {@code OwnedLockCalls} choose the calls):
 * {@link io.jgo.internal.blocking.Blocking} enters a syscall around a blocking call and parks for
 * {@code Thread.sleep}; {@link io.jgo.internal.blocking.Futures} parks the goroutine until a future
 * completes; {@link io.jgo.internal.blocking.ChannelCalls} parks it until a blocking-mode socket
 * channel is ready; {@link io.jgo.internal.blocking.OwnedLocks} counts the thread-owned locks a goroutine
 * holds, so that it pins instead of leaving its thread. Exported by the runtime module (rewritten
 * classes live in the user's modules), by the names in {@code io.jgo.instrument.RuntimeNames}.
 *
 * <p>Sits above the scheduler: it parks and enters syscalls through {@code io.jgo.internal.sched},
 * which never depends on it.
 */
package io.jgo.internal.blocking;
