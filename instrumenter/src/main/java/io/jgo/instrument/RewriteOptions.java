package io.jgo.instrument;

import java.util.List;

/**
 * What a user can choose about the rewrite: where rewritten code answers preemption
 * ({@link PreemptMode}) and which calls count as blocking beyond the JDK's ({@link BlockingCalls});
 * and, for jgo's own build only, whether the runtime's API classes are rewritten
 * ({@link #withRuntimeApi}). Immutable.
 */
public final class RewriteOptions {

    final PreemptMode preempt;
    final BlockingCalls blocking;
    /** Rewrite the API classes of the runtime ({@code io/jgo/*}) that do not drive the stack protocol by hand. */
    final boolean runtimeApi;

    private RewriteOptions(PreemptMode preempt, BlockingCalls blocking, boolean runtimeApi) {
        this.preempt = preempt;
        this.blocking = blocking;
        this.runtimeApi = runtimeApi;
    }

    /** The defaults, with the preemption mode of {@code -Djgo.preempt}. */
    public static RewriteOptions fromSystemProperties() {
        return new RewriteOptions(PreemptMode.fromSystemProperty(), BlockingCalls.standard(), false);
    }

    public static RewriteOptions of(PreemptMode preempt) {
        return new RewriteOptions(preempt, BlockingCalls.standard(), false);
    }

    /**
     * These options plus blocking methods of the application ({@code com.acme.Client.call}): calls to
     * them from goroutine code hand the carrier's P on while they block, as {@code Go.syscall} does.
     *
     * @throws IllegalArgumentException naming an entry that is not a fully qualified method
     */
    public RewriteOptions withBlocking(List<String> methods) {
        return new RewriteOptions(preempt, BlockingCalls.withExtra(methods), runtimeApi);
    }

    /**
     * These options for the build of jgo's runtime itself: its API classes ({@code io/jgo/*}, not
     * {@code io/jgo/internal/**}) are rewritten like an application's, except the classes whose
     * methods drive the stack protocol by hand (they call {@code Stack.takeCallSite}: the leaves
     * that park or yield, which every suspension ends in). An application never needs this: the
     * runtime jar it uses is rewritten already.
     */
    public RewriteOptions withRuntimeApi() {
        return new RewriteOptions(preempt, blocking, true);
    }
}
