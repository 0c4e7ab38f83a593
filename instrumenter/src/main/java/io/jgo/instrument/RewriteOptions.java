package io.jgo.instrument;

import java.util.List;

/**
 * What a user can choose about the rewrite: where rewritten code answers preemption
 * ({@link PreemptMode}) and which calls count as blocking beyond the JDK's ({@link BlockingCalls}).
 * Immutable.
 */
public final class RewriteOptions {

    final PreemptMode preempt;
    final BlockingCalls blocking;

    private RewriteOptions(PreemptMode preempt, BlockingCalls blocking) {
        this.preempt = preempt;
        this.blocking = blocking;
    }

    /** The defaults, with the preemption mode of {@code -Djgo.preempt}. */
    public static RewriteOptions fromSystemProperties() {
        return new RewriteOptions(PreemptMode.fromSystemProperty(), BlockingCalls.standard());
    }

    public static RewriteOptions of(PreemptMode preempt) {
        return new RewriteOptions(preempt, BlockingCalls.standard());
    }

    /**
     * These options plus blocking methods of the application ({@code com.acme.Client.call}): calls to
     * them from goroutine code hand the carrier's P on while they block, as {@code Go.syscall} does.
     *
     * @throws IllegalArgumentException naming an entry that is not a fully qualified method
     */
    public RewriteOptions withBlocking(List<String> methods) {
        return new RewriteOptions(preempt, BlockingCalls.withExtra(methods));
    }
}
