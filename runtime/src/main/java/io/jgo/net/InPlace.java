package io.jgo.net;

import io.jgo.internal.poll.PollDesc;
import io.jgo.internal.sched.Syscalls;

/**
 * A wait that cannot park because JDK frames sit between the goroutine and the wait (the streams'
 * reads and writes): it waits as a plain thread does, and a running goroutine first enters a
 * syscall that hands its P on at once (Go's {@code entersyscallblock}), so the P keeps running
 * other goroutines while this carrier waits.
 */
final class InPlace {

    private InPlace() {
    }

    /** Waits for {@code mode} on {@code pd} in place; returns the {@link PollDesc} outcome (WOKEN, CLOSED, TIMEOUT). */
    static int await(PollDesc pd, int mode) {
        boolean entered = Syscalls.enter(Syscalls.Policy.HAND_OFF_AT_ONCE);
        try {
            return pd.prepareWait(null, mode);
        } finally {
            if (entered) {
                Syscalls.exit();
            }
        }
    }
}
