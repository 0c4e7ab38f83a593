package io.jgo.internal.park;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.sched.park.Parking;

/**
 * The leaf that waits on a {@link Park}: a goroutine parks (its carrier runs others), a plain
 * thread blocks. For a primitive whose wait needs nothing but the park's own outcome; one that
 * must do more in its steps (a future's, a socket's) writes its own {@link LeafPark} around
 * {@link Park#prepare} and {@link Park#afterPark}, as this one does.
 */
public final class ParkLeaf {

    private static final int PARK_ID = MethodIds.of("io.jgo.internal.park.ParkLeaf", "park",
            "(Lio/jgo/internal/park/Park;)I");

    private ParkLeaf() {
    }

    /**
     * Waits until {@code p} ends; returns its outcome ({@link Park#WOKEN}, {@link Park#DEADLINE},
     * {@link Park#INTERRUPTED} or {@link Park#CANCELLED}). {@code p} is a fresh park, used once.
     */
    @Goroutine
    @Leaf
    public static int park(Park p) {
        Object outcome = STEPS.$jgo$park(Stack.current(), p, null, null, 0);
        return outcome == LeafPark.UNWOUND ? 0 : (Integer) outcome; // outcomes 0..4: Integer's cache, no allocation
    }

    private static final Steps STEPS = new Steps();

    /** {@link #park}'s steps. A resumed static call has no arguments: the park is found through the waiter. */
    private static final class Steps extends LeafPark<Stack, RuntimeException> {
        Steps() {
            super(PARK_ID, Stack.YIELD_PARK);
        }

        @Override
        protected Object start(Stack s, Object park, Object b, Object c, long n) {
            Park p = (Park) park;
            if (Parking.goroutineOf(s) == null) {
                return p.awaitAsThread();
            }
            return p.prepare(s) ? PARK : (Object) p.outcome();
        }

        @Override
        protected Object resume(Stack s, Object park, Object b, Object c, long n) {
            return Park.afterPark(s).outcome();
        }
    }
}
