package io.jgo;

/**
 * Test access to a timer's firing: what a timer heap does when the timer's deadline comes, called
 * directly so a Lincheck run can race it with stop, reset and receives at will. (In this package
 * because the firing is package-private: it is not an operation users have.)
 */
public final class TimerProbe {

    private TimerProbe() {
    }

    /** Fires {@code t} as its heap would: delivers its value (or starts its function) if it is due, else nothing. */
    public static void fireAsHeap(Timer t) {
        t.core.fire(null);
    }

    /**
     * The object whose monitor a ticker's firing takes to decide and to move its deadline (a lock
     * its users never see): a test that holds it stalls a firing in the middle, as a descheduled
     * thread would.
     */
    public static Object decisionLockOf(Ticker t) {
        return t.core;
    }
}
