package org.example.retry;

import java.util.function.Supplier;

/**
 * Stands for a library nobody here wrote: not annotated, it takes callbacks and calls them from
 * its own frames. Goroutine code that suspends inside such a callback pins, unless the package is
 * named suspendable ({@code suspendable=org.example.retry}).
 */
public final class Retry {

    private Retry() {
    }

    /** Calls {@code body} until it returns, at most {@code attempts} times; rethrows the last failure. */
    public static <T> T run(int attempts, Supplier<T> body) {
        RuntimeException last = null;
        for (int i = 0; i < attempts; i++) {
            try {
                return body.get();
            } catch (RuntimeException e) {
                last = e;
            }
        }
        throw last;
    }

    /** The sum of {@code task} over 0..n-1, each call retried: the library calling itself and its own interface. */
    public static int sumOf(int n, Task task) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            int x = i;
            sum += run(2, () -> task.call(x));
        }
        return sum;
    }
}
