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
 *     {@code System.err}, an application's class loader that {@code Adjacency}'s reflection runs).</li>
 * <li>{@link io.jgo.internal.cont.MethodIds}, {@link io.jgo.internal.cont.FrameNames},
 *     {@code SavedFrames}, {@link io.jgo.internal.cont.PinReport},
 *     {@link io.jgo.internal.cont.Warnings}: ids and names of frames, for the protocol and for people
 *     (why a parked goroutine waits, {@code WaitReason}, is the park seam's: {@code sched.park}).</li>
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
 * <h2>What a parked goroutine keeps (JDK 17, compressed references; a class histogram of 10,000 parked)</h2>
 * One frame down ({@code ByteFigures}' goroutine: a lambda body, a recursion of depth 1, a
 * {@code WaitGroup.await}): the {@code G} 120 bytes (17 references, 3 longs, 2 ints, 6 booleans),
 * its {@code Stack} 88 (the handshake words, the record tops and bases, the hand-off, the select
 * cache, the thread-owned locks in an object made on demand), the first segment 160
 * ({@code Records.Segment} 32, {@code long[8]} 80, {@code Object[8]} 48: five records use 7 and 7
 * slots), the G's cached {@code Waiter} on the wait list 56, the body's lambda 32 (its four captures),
 * and the runtime's tables about 15 (the list of all Gs): about 465 ({@code ByteFigures}: 462). Each frame
 * more saves a compact record: one tail long (method id, sizes, where its resumer is, label), one long
 * per primitive (an {@code int} takes 8 bytes), 4 bytes per reference: 24 bytes for
 * {@code ByteFigures}' frame (an int and two references), and every segment past the first adds 64
 * bytes of headers. Segments grow 8, 24, then 1.25 times, so the last one of a
 * deep goroutine was mostly empty (100 frames down: 63 of 71 longs, 64 of 73 references, about 760
 * bytes); a park now trims it ({@code Records.trimForPark}), which leaves about 28 bytes a frame.
 * Below that: an {@code int} slot of 4 bytes and a 4-byte record header (a per-runtime frame index
 * instead of the 32-bit method id: a format and rewrite change) would make such a frame 16 bytes;
 * fields a parked goroutine rarely uses (the G's {@code createdAt}, {@code syscallThread},
 * {@code interruptibleWait}, {@code waitEvent}, {@code locals}, {@code inheritable}; the stack's
 * hand-off words, which only g0 uses during a resume) could move to objects made on demand or to the
 * carrier, about 40 bytes; the first segment's own object (32) could go if the stack held its arrays.
 *
 * <h2>Threads</h2>
 * A {@code io.jgo.internal.Stack} belongs to whichever thread runs its goroutine; a goroutine runs on
 * one thread at a time, and handing it between threads goes through the run queues, whose
 * release/acquire pairs publish the stack's plain fields.
 */
package io.jgo.internal.cont;
