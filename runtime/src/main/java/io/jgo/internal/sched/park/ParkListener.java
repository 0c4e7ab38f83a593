package io.jgo.internal.sched.park;

/**
 * What the park layer tells the runtime's observers, so that it depends on none of them (as
 * {@code sched.SchedListener} does for the scheduler): {@code io.jgo.internal.observe} implements
 * it as a service ({@code META-INF/services}, and {@code provides} in the module descriptor), found
 * once, when the first plain thread waits.
 */
public interface ParkListener {

    /** Nobody listens. */
    ParkListener NONE = new ParkListener() {
    };

    /** The provided listener ({@link java.util.ServiceLoader}), or {@link #NONE} when none is provided. */
    static ParkListener load() {
        return java.util.ServiceLoader.load(ParkListener.class, ParkListener.class.getClassLoader())
                .findFirst().orElse(NONE);
    }

    /**
     * A plain thread starts its first wait on a jgo primitive, possibly before any runtime exists:
     * the observers make sure it can be seen (the dump on signal). That thread; it may hold a
     * primitive's lock, so this must not block or throw.
     */
    default void plainThreadBlocks() {
    }
}
