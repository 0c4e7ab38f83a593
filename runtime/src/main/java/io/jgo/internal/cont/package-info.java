/**
 * The continuation machinery behind {@code io.jgo.internal.Stack}: how a goroutine's frames are
 * saved, laid out and re-entered, and how its thread finds its stack. Not exported by the runtime
 * module: nothing here is part of the contract with rewritten code, and nothing here can be reached
 * by code outside the runtime. The rest of the runtime reaches a stack's machinery through
 * {@link io.jgo.internal.cont.StackAccess}.
 *
 * <ul>
 * <li>{@link io.jgo.internal.cont.Records}: the records of saved frames on a chain of segments
 *     (the superclass of {@code Stack}); {@link io.jgo.internal.cont.Continuation}: what the
 *     runtime does to a stack (yield, pin, reset, re-enter), between it and {@code Stack}.</li>
 * <li>{@link io.jgo.internal.cont.Entry}, {@code LazyLayout},
 *     {@link io.jgo.internal.cont.HandOff}, {@code LogicalTrace}: g0's side
 *     of a resume.</li>
 * <li>{@link io.jgo.internal.cont.LeafPark}: the one place that speaks the leaf protocol (take the
 *     call site, resume or suspend) for every {@link io.jgo.internal.cont.Leaf}-marked primitive of
 *     the runtime, which the build leaves as written.</li>
 * <li>{@link io.jgo.internal.cont.Adjacency}: may a frame unwind into its caller?
 *     {@link io.jgo.internal.cont.HeldLocks}: thread-owned locks that keep a goroutine on its thread.</li>
 * <li>{@link io.jgo.internal.cont.Carrier}, {@link io.jgo.internal.cont.ThreadStacks}: where a
 *     thread keeps the stack it is running; {@link io.jgo.internal.cont.AsideStack}: a stack of its
 *     own for application code the runtime calls in the middle of a suspension (a warning's
 *     {@code System.err}).</li>
 * <li>{@link io.jgo.internal.cont.MethodIds}, {@link io.jgo.internal.cont.FrameNames},
 *     {@code SavedFrames}, {@link io.jgo.internal.cont.PinReport},
 *     {@link io.jgo.internal.cont.Warnings}: ids and names of frames, for the protocol and for people;
 *     {@link io.jgo.internal.cont.WaitReason}: why a parked goroutine waits.</li>
 * </ul>
 *
 * <p>The lowest layer of the runtime: it depends on no other package of jgo, so that
 * {@code io.jgo.internal} (the contract) and everything above can depend on it without a cycle.
 * Where it must act on the contract's {@code Stack} (the handshake words, a resumer), it calls
 * abstract methods that {@code Stack} implements.
 *
 * <h2>Continuations</h2>
 * Suspension is return-based. A yield primitive marks the goroutine's {@code io.jgo.internal.Stack}
 * as suspending; each rewritten frame, seeing that after a call, saves its live locals and operand
 * stack into a record and returns a dummy value; the unwind ends in {@link io.jgo.internal.cont.Entry}
 * under g0. A resume of frames that cannot be re-entered alone (a hand-written primitive's, a
 * synchronized method's) is <em>eager</em>, from the nearest frame above them that can (or from the
 * goroutine's entry): it is called again with the {@code RESUMING} bit set, and each prologue pops its record, restores its state and jumps back to its call site,
 * re-invoking its callee, down to the leaf primitive, which pops the last record. Every other resume
 * is <em>lazy</em> ({@link io.jgo.internal.cont.Entry}): g0 re-enters only the innermost frame, through
 * its class's {@code io.jgo.internal.Resumer}, and hands each frame's return value (or exception)
 * to the next saved frame, which it re-enters alone after the call that suspended; a round trip
 * costs the same at depth 1 and 1,000. A frame whose caller is not the
 * rewritten call site that handed it its call-site id ({@link io.jgo.internal.cont.Adjacency}) pins the
 * goroutine instead of returning into code that would not know what to do with a dummy value; so
 * does a suspension while the goroutine holds a lock its carrier thread owns
 * ({@code io.jgo.internal.blocking.OwnedLocks}).
 *
 * <h2>Threads</h2>
 * A {@code io.jgo.internal.Stack} belongs to whichever thread runs its goroutine; a goroutine runs on
 * one thread at a time, and handing it between threads goes through the run queues, whose
 * release/acquire pairs publish the stack's plain fields.
 */
package io.jgo.internal.cont;
