package io.jgo.internal.sched;

/**
 * Thrown on a carrier that is blocked inside a goroutine (pinned, or in a syscall's return path)
 * when its runtime shuts down: it unwinds the dropped goroutine's frames so the carrier can exit.
 * Catching it does not bring the goroutine back: it is thrown again at the goroutine's next wait,
 * yield or syscall exit, and its next rewritten prologue unwinds by returning (see
 * {@code Handoff.dropped}). Never reported as a panic. Shared and stackless: it carries no information.
 */
final class Dropped extends Error {
    private static final long serialVersionUID = 1L;

    static final Dropped INSTANCE = new Dropped();

    private Dropped() {
        super("goroutine dropped: its runtime has stopped", null, false, false);
    }
}
