package io.jgo.internal.sched;

import io.jgo.internal.sched.park.WaitReason;

/**
 * What the scheduler tells its observers (JFR events, JMX beans, the dump-on-signal registry), so
 * that it depends on none of them: {@code io.jgo.internal.observe} implements this and depends on
 * the scheduler, never the reverse. The runtime provides its implementation as a service
 * ({@code META-INF/services}, and {@code provides} in the module descriptor), found once when
 * {@link Sched} initializes; every {@link Sched} keeps the listener it was made with.
 *
 * <p>Each call is made on the thread that made the decision (named per method) and must not block
 * it for long; the defaults do nothing.
 */
public interface SchedListener {

    /** Nobody listens. */
    SchedListener NONE = new SchedListener() {
    };

    /** The provided listener ({@link java.util.ServiceLoader}), or {@link #NONE} when none is provided. */
    static SchedListener load() {
        return java.util.ServiceLoader.load(SchedListener.class, SchedListener.class.getClassLoader())
                .findFirst().orElse(NONE);
    }

    /**
     * {@code sched} starts (M0 of {@code Go.run}, or the default runtime's first use). May throw
     * {@link IllegalArgumentException} for a bad observability option: the runtime then does not start.
     */
    default void started(Sched sched) {
    }

    /** {@code sched} shuts down. Any thread. */
    default void ended(Sched sched) {
    }

    /** A goroutine is about to block its carrier (pinned): a token for {@link #pinEnd}, or null. The goroutine's thread. */
    default Object pinBegin() {
        return null;
    }

    /** The pinned goroutine runs again, on the same thread as {@link #pinBegin}. */
    default void pinEnd(Object pin, Sched sched, long goroutineId, WaitReason reason) {
    }

    /** sysmon asked goroutine {@code g} on {@code p}/{@code m} to yield. sysmon's thread. */
    default void preempted(Sched sched, long g, int p, int m) {
    }

    /** sysmon retook {@code p} from {@code m}: from a syscall, or from goroutine {@code g} (-1: none) that did not answer. */
    default void retaken(Sched sched, long g, int p, int m, boolean fromSyscall) {
    }

    /** Goroutine {@code g} entered a blocking call and handed {@code p} off; its own thread. */
    default void syscallHandoff(Sched sched, long g, int p, int m) {
    }

    /** GOMAXPROCS changed from {@code old} to {@code now}; the changer's thread. */
    default void gomaxprocs(Sched sched, int old, int now) {
    }

    /** The runtime is deadlocked; {@code dump} is the goroutine dump the failure carries. M0. */
    default void deadlock(Sched sched, String dump) {
    }
}
