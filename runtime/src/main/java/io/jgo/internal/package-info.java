/**
 * The runtime's machinery: continuation support ({@link io.jgo.internal.Stack}, the contract with
 * rewritten code) and the scheduler.
 *
 * <h2>Continuations</h2>
 * Suspension is return-based. A yield primitive marks the goroutine's {@link io.jgo.internal.Stack}
 * as suspending; each rewritten frame, seeing that after a call, saves its live locals and operand
 * stack into a record and returns a dummy value; the unwind ends in {@link io.jgo.internal.Entry}
 * under g0. A resume of frames that cannot be re-entered alone (a hand-written primitive's, a
 * synchronized method's) is <em>eager</em>, from the nearest frame above them that can (or from the
 * goroutine's entry): it is called again with the {@code RESUMING} bit set, and each prologue pops its record, restores its state and jumps back to its call site,
 * re-invoking its callee, down to the leaf primitive, which pops the last record. Every other resume
 * is <em>lazy</em> ({@link io.jgo.internal.Entry}): g0 re-enters only the innermost frame, through
 * its class's {@link io.jgo.internal.Resumer}, and hands each frame's return value (or exception)
 * to the next saved frame, which it re-enters alone after the call that suspended; a round trip
 * costs the same at depth 1 and 1,000. A frame whose caller is not the
 * rewritten call site that handed it its call-site id ({@link io.jgo.internal.Adjacency}) pins the
 * goroutine instead of returning into code that would not know what to do with a dummy value; so
 * does a suspension while the goroutine holds a lock its carrier thread owns
 * ({@link io.jgo.internal.OwnedLocks}).
 *
 * <h2>Threads</h2>
 * A {@link io.jgo.internal.Stack} belongs to whichever thread runs its goroutine; a goroutine runs on
 * one thread at a time, and handing it between threads goes through the run queues, whose
 * release/acquire pairs publish the stack's plain fields.
 */
package io.jgo.internal;
