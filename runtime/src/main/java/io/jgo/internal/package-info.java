/**
 * The runtime's machinery: continuation support ({@link io.jgo.internal.Stack}, the contract with
 * rewritten code) and the scheduler.
 *
 * <h2>Continuations</h2>
 * Suspension is return-based. A yield primitive marks the goroutine's {@link io.jgo.internal.Stack}
 * as suspending; each rewritten frame, seeing that after a call, saves its live locals and operand
 * stack into a record and returns a dummy value; the unwind ends in {@link io.jgo.internal.Entry}
 * under g0. Resume calls the body again with the {@code RESUMING} bit set: each prologue pops its
 * record, restores its state and jumps back to its call site, re-invoking its callee, down to the
 * leaf primitive, which pops the last record and clears the bit. A frame whose caller is not the
 * rewritten call site that handed it its call-site id ({@link io.jgo.internal.Adjacency}) pins the
 * goroutine instead of returning into code that would not know what to do with a dummy value.
 *
 * <h2>Threads</h2>
 * A {@link io.jgo.internal.Stack} belongs to whichever thread runs its goroutine; a goroutine runs on
 * one thread at a time, and handing it between threads goes through the run queues, whose
 * release/acquire pairs publish the stack's plain fields.
 */
package io.jgo.internal;
