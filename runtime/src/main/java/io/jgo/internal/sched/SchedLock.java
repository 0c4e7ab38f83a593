package io.jgo.internal.sched;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Go's {@code sched.lock}: guards the idle P list, the idle M list, the P array on resize and the
 * decision to drop a P (see {@link Sched}). A {@link ReentrantLock} rather than a monitor because
 * sysmon must be able to <em>try</em> it: a Java monitor is unfair and has no try form, so a
 * goroutine that takes it in a tight loop (reading {@code Sched.stats()}) can keep sysmon blocked on
 * it for as long as it likes, and sysmon's preemptions and timer readies wait with it.
 *
 * <h2>The rule: sysmon never waits on it inside a round</h2>
 * On the thread running {@link Sysmon#round}, the lock is taken only with {@link #tryLock}; what
 * needs it and finds it busy is owed to the next round ({@link Sysmon}, "Never waiting on
 * sched.lock"). {@link #lock} asserts the rule (tests run with assertions on): sysmon may call it
 * only while it already holds the lock, where the acquisition is reentrant and returns at once.
 * Every other thread takes it with {@link #lock} as before.
 */
final class SchedLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;

    private final transient Sched sched;

    SchedLock(Sched sched) {
        this.sched = sched;
    }

    @Override
    public void lock() {
        assert !sysmonWouldWait() : "sysmon may not wait on sched.lock inside a round: use tryLock and defer";
        if (sched.policyCounts == null || !tryLock()) { // tryLock only when counting (it barges)
            if (sched.policyCounts != null) {
                sched.count(PolicyCounts.Event.SCHED_LOCK_CONTENDED);
            }
            super.lock();
        }
    }

    /** Is the caller sysmon inside a round, not holding the lock yet? (sched.sysmon is null while Sched is built) */
    private boolean sysmonWouldWait() {
        Sysmon s = sched.sysmon;
        return s != null && s.inRound() && !isHeldByCurrentThread();
    }
}
