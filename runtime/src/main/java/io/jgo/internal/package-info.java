/**
 * The contract between the instrumenter and the runtime: exactly what rewritten code calls, by the
 * names in {@code io.jgo.instrument.RuntimeNames} ({@code RuntimeClassesMatchTest} compares the two).
 * Exported by the runtime module, because rewritten classes live in the user's modules. Depends on
 * {@code io.jgo.internal.cont} only, so the scheduler and everything above can use it.
 *
 * <ul>
 * <li>{@link io.jgo.internal.Stack}: the handshake words every rewritten method reads and writes,
 *     and the save/restore protocol; its class comment describes the protocol.</li>
 * <li>{@link io.jgo.internal.Resumer}, {@link io.jgo.internal.Resumers}: each rewritten class's
 *     resume entry, made and registered on first use.</li>
 * </ul>
 * The other packages rewritten code calls are {@code io.jgo.internal.blocking} (in place of, or
 * around, blocking JDK calls) and {@code io.jgo.internal.callback} (JDK higher-order methods).
 * The machinery behind the contract is concealed in {@code io.jgo.internal.cont}; the scheduler in
 * {@code io.jgo.internal.sched}.
 *
 * <h2>Threads</h2>
 * A {@link io.jgo.internal.Stack} belongs to whichever thread runs its goroutine; a goroutine runs on
 * one thread at a time, and handing it between threads goes through the run queues, whose
 * release/acquire pairs publish the stack's plain fields.
 */
package io.jgo.internal;
