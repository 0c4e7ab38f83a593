/**
 * The rewrite: {@code @Goroutine} methods into resumable state machines, as a pure
 * {@code byte[] -> byte[]} function ({@link io.jgo.instrument.Instrumenter}).
 *
 * <h2>Pipeline (one class each)</h2>
 * <ol>
 *   <li>{@link io.jgo.instrument.ByteScan}: may this class hold a suspension point at all? (most
 *       classes stop here, after one pass over their bytes)</li>
 *   <li>{@link io.jgo.instrument.ClassRewriter}: which methods are suspendable ({@code @Goroutine}
 *       with a suspension point, lambda bodies with one); rewrite-time warnings. In every
 *       {@code @Goroutine} method and lambda body it first redirects JDK calls to the runtime:
 *       {@link io.jgo.instrument.SocketCalls} ({@code java.net.Socket}s and the input decorators
 *       over their streams park), {@link io.jgo.instrument.BlockingCalls} (blocking calls hand the P on) and
 *       {@link io.jgo.instrument.OwnedLockCalls} (a goroutine holding a thread-owned lock pins).
 *       Before that, a constructor whose code after {@code super(...)} may suspend is split
 *       ({@link io.jgo.instrument.ConstructorSplit}: a prefix constructor, a body method rewritten like
 *       any other, a static factory), and {@link io.jgo.instrument.ConstructorCalls} sends
 *       {@code new C(a)} to the factory through an {@code invokedynamic} that falls back to the constructor
 *       where {@code C} has no factory (a class the agent never transformed); the class and its callers
 *       decide alike, from the class's bytes
 *       ({@link io.jgo.instrument.SplitConstructors}, shapes in {@link io.jgo.instrument.ConstructorShape}).</li>
 *   <li>{@link io.jgo.instrument.Suspendables}: is a call a suspension point (its declared target
 *       is {@code @Goroutine}, or a JDK functional interface / {@code Iterator} method, or a method
 *       of a {@link io.jgo.instrument.SuspendablePackages suspendable package}, taken conservatively
 *       one class at a time or as listed by a build-time {@link io.jgo.instrument.SuspendableClosure}
 *       or a {@link io.jgo.instrument.SuspendablesFile})? One class at a time,
 *       {@link io.jgo.instrument.PlainCallees} leaves out calls whose exact target provably reaches no park.</li>
 *   <li>{@link io.jgo.instrument.NewMover}: moves {@code NEW; DUP} past suspending constructor
 *       arguments; refuses other shapes of uninitialized values across a suspension.</li>
 *   <li>{@link io.jgo.instrument.FlowGraph} with {@link io.jgo.instrument.TypeInterpreter}: types
 *       of every local and stack slot, and the control-flow graph;
 *       {@link io.jgo.instrument.Liveness} and {@link io.jgo.instrument.MonitorDepth} on it.</li>
 *   <li>{@link io.jgo.instrument.SavePlan}: what each suspension point saves;
 *       {@link io.jgo.instrument.MethodRewriter}: emits the prologue, call-site handshakes, and the
 *       dispatch, pin and restore blocks after the original code;
 *       {@link io.jgo.instrument.Helpers}: the save code, in synthetic static methods, so the
 *       suspending method stays small enough for the JIT to inline (a frame whose live values
 *       pass one method descriptor's 255 parameter slots saves through a chain of them);
 *       {@link io.jgo.instrument.ResumeEntry}: the class's resume entry and resumer, through which
 *       g0 re-enters one saved frame alone (the lazy resume).</li>
 *   <li>{@link io.jgo.instrument.HierarchyClassWriter}: frames computed from
 *       {@link io.jgo.instrument.ClassInfoCache}, never by loading a class;
 *       {@link io.jgo.instrument.ClassLimits}: every class written is within the JVM's structural
 *       limits (parameter slots, code length, locals, stack, constant pool, stack map), or it is
 *       reported and used as it was; optional verification.</li>
 * </ol>
 *
 * <h2>Invariants</h2>
 * All or nothing per class: a class that cannot be rewritten is reported (class, method,
 * descriptor, line, reason) and used exactly as it was; suspending in it then pins, which is safe.
 * So is a class whose rewrite would break a limit of the JVM: no path (agent, CLI, build plugin)
 * ever hands on a class file the JVM would refuse to load.
 * A rewritten class carries an invisible {@code io.jgo.internal.Rewritten} annotation and is never
 * rewritten twice. The runtime's own packages are never rewritten: their primitives are the
 * hand-written leaves of every suspension. The instrumenter knows the runtime only through
 * {@link io.jgo.instrument.RuntimeNames}. Thread-safe: the only shared state is the class-info cache.
 *
 * <h2>Re-entering a frame alone: a mode of the prologue, not a copy of the method</h2>
 * The lazy resume needs each rewritten method to be re-enterable by itself, at the code after a
 * call, with the call's result handed in. It is a mode of the existing prologue: the resume entry
 * calls the method non-virtually with default arguments, {@code onAttention} pops the record and
 * returns {@code -1 - label}, and the dispatch switch sends that to an out-of-line block that
 * restores the locals and the operand stack, takes the handed value ({@code handedX}, which rethrows
 * a handed exception inside copies of the handlers that covered the call) and jumps back right
 * after the call. The alternative, a second copy of each method body as its resume entry, would
 * double the bytecode and the JIT's work and need its own line and local-variable tables; this
 * way costs one switch arm and one small block per call site, and debuggers see one body.
 *
 * <h2>Rejected alternatives</h2>
 * Eager saving before every call (Quasar's approach) costs on the path that does not suspend;
 * exception-based unwinding costs a throw per frame. Reading frame types from the original
 * StackMapTable fails for moved {@code NEW}s and old class files; the analyser recomputes them.
 */
package io.jgo.instrument;
