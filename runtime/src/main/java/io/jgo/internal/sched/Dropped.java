package io.jgo.internal.sched;

/**
 * Thrown on a carrier that is blocked inside a goroutine (pinned, or in a syscall's return path)
 * when its runtime shuts down: it unwinds the dropped goroutine's frames so the carrier can exit.
 * Never reported as a panic. Shared and stackless: it carries no information.
 */
final class Dropped extends Error {
    private static final long serialVersionUID = 1L;

    static final Dropped INSTANCE = new Dropped();

    private Dropped() {
        super("goroutine dropped: its runtime has stopped", null, false, false);
    }
}
