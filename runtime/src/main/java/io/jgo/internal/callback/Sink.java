package io.jgo.internal.callback;

import io.jgo.Goroutine;

/**
 * One link of an evaluated {@link SequentialStream}: a stage or the terminal operation, pushed one
 * element at a time from the source, as the JDK's own {@code java.util.stream.Sink} is. The calls
 * come in the JDK's order: {@link #begin} once before the elements (a stage that buffers, such as
 * {@code sorted}, begins its downstream only when it ends), {@link #accept} per element, {@link #end}
 * after the last; in a short-circuiting pipeline the source asks {@link #cancellationRequested}
 * before each element. Each evaluation owns its links and runs on one thread (or goroutine), so
 * their state needs no synchronization.
 */
abstract class Sink {

    @Goroutine
    abstract void begin();

    @Goroutine
    abstract void accept(Object t);

    @Goroutine
    abstract void end();

    /** May the source stop pushing? Runs no user code. */
    abstract boolean cancellationRequested();
}
