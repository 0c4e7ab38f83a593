package io.jgo.instrument;

import java.util.List;
import java.util.Set;

/**
 * What a user can choose about the rewrite: where rewritten code answers preemption
 * ({@link PreemptMode}) and which calls count as blocking beyond the JDK's ({@link BlockingCalls});
 * and, for jgo's own build only, whether the runtime's API classes are rewritten
 * ({@link #withRuntimeApi}); and which libraries are rewritten where a suspension can reach them
 * ({@link #withSuspendable}, {@link #withSuspendableMethods}). Immutable.
 */
public final class RewriteOptions {

    final PreemptMode preempt;
    final BlockingCalls blocking;
    /** Rewrite the API classes of the runtime ({@code io/jgo/*}) that do not drive the stack protocol by hand. */
    final boolean runtimeApi;
    /** Packages rewritten, unannotated, where a suspension may reach them. */
    final SuspendablePackages suspendable;
    /** Methods known to be suspendable ({@code com/acme/Retry.run(...)...}), from a {@link SuspendablesFile}. */
    final Set<String> suspendableMethods;
    /** Every call (but a constructor's) in a rewritten class is a suspension point. */
    final boolean stress;
    /** Report the methods left as written that call a suspending one ({@link #withUnannotatedCallers}). */
    final boolean unannotatedCallers;

    private RewriteOptions(PreemptMode preempt, BlockingCalls blocking, boolean runtimeApi,
                           SuspendablePackages suspendable, Set<String> suspendableMethods) {
        this(preempt, blocking, runtimeApi, suspendable, suspendableMethods, false, false);
    }

    private RewriteOptions(PreemptMode preempt, BlockingCalls blocking, boolean runtimeApi,
                           SuspendablePackages suspendable, Set<String> suspendableMethods, boolean stress,
                           boolean unannotatedCallers) {
        this.preempt = preempt;
        this.blocking = blocking;
        this.runtimeApi = runtimeApi;
        this.suspendable = suspendable;
        this.suspendableMethods = Set.copyOf(suspendableMethods);
        this.stress = stress;
        this.unannotatedCallers = unannotatedCallers;
    }

    /** The defaults, with the preemption mode of {@code -Djgo.preempt}. */
    public static RewriteOptions fromSystemProperties() {
        return new RewriteOptions(PreemptMode.fromSystemProperty(), BlockingCalls.standard(), false,
                SuspendablePackages.NONE, Set.of());
    }

    public static RewriteOptions of(PreemptMode preempt) {
        return new RewriteOptions(preempt, BlockingCalls.standard(), false, SuspendablePackages.NONE, Set.of());
    }

    /**
     * These options plus blocking methods of the application ({@code com.acme.Client.call}): calls to
     * them from goroutine code hand the carrier's P on while they block, as {@code Go.syscall} does.
     *
     * @throws IllegalArgumentException naming an entry that is not a fully qualified method
     */
    public RewriteOptions withBlocking(List<String> methods) {
        return new RewriteOptions(preempt, BlockingCalls.withExtra(methods), runtimeApi, suspendable, suspendableMethods, stress,
                unannotatedCallers);
    }

    /**
     * These options for the build of jgo's runtime itself: its API classes ({@code io/jgo/*}, not
     * {@code io/jgo/internal/**}) are rewritten like an application's, except their methods marked
     * {@code @io.jgo.internal.cont.Leaf} (the leaves that park or yield through {@code LeafPark},
     * which every suspension ends in); a method that speaks the leaf protocol unmarked fails the
     * rewrite. An application never needs this: the runtime jar it uses is rewritten already.
     */
    public RewriteOptions withRuntimeApi() {
        return new RewriteOptions(preempt, blocking, true, suspendable, suspendableMethods, stress, unannotatedCallers);
    }

    /**
     * These options plus libraries whose methods are rewritten where a suspension can reach them:
     * in these packages a method that calls a suspendable method, a JDK functional interface, or
     * (one class at a time, as the agent sees them) any method of these packages is rewritten,
     * and calls into these packages from goroutine code are suspension points. A build-time run
     * narrows this to the closure it computes over its whole input ({@link Instrumenter#closeSuspendables}).
     */
    public RewriteOptions withSuspendable(SuspendablePackages packages) {
        return new RewriteOptions(preempt, blocking, runtimeApi, packages, suspendableMethods, stress, unannotatedCallers);
    }

    /**
     * These options plus methods known to be suspendable, as a build-time run listed them
     * ({@link SuspendablesFile}): they are rewritten like {@code @Goroutine} methods, and calls to
     * them are suspension points.
     */
    public RewriteOptions withSuspendableMethods(Set<String> methods) {
        return new RewriteOptions(preempt, blocking, runtimeApi, suspendable, methods, stress, unannotatedCallers);
    }

    /**
     * These options for the stress mode (the agent's {@code stress=}, the CLI's {@code --stress}):
     * every call in a rewritten class, not only a call that may suspend, is a suspension point, and
     * every method of it with a call is rewritten, so that with {@code -Djgo.stress=P} at run time
     * goroutines yield (and save and restore their frames) at every one of them.
     */
    public RewriteOptions withStress() {
        return new RewriteOptions(preempt, blocking, runtimeApi, suspendable, suspendableMethods, true, unannotatedCallers);
    }

    /**
     * These options for a build-time run (the CLI, the Maven plugin): each method of a class the
     * rewrite looks at that it leaves as written (not {@code @Goroutine}, not in a suspendable
     * package, not a lambda body or a constructor) but that calls a method known to suspend is
     * reported through {@link Diagnostics#unannotatedCaller}: a goroutine that calls it pins there.
     * The agent does not ask: legal code (a plain thread receiving from a channel) would be reported
     * at every start. Never for jgo's own API ({@link #withRuntimeApi}), whose plain-thread paths are deliberate.
     */
    public RewriteOptions withUnannotatedCallers() {
        return new RewriteOptions(preempt, blocking, runtimeApi, suspendable, suspendableMethods, stress, true);
    }

    /** The packages of {@link #withSuspendable} ({@link SuspendablePackages#NONE} by default). */
    public SuspendablePackages suspendable() {
        return suspendable;
    }
}
