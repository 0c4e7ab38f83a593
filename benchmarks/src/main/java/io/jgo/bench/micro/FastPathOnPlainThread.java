package io.jgo.bench.micro;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link FastPath}'s benchmarks on JMH's ordinary worker threads: {@code @Goroutine} methods called
 * outside any goroutine, where the rewritten prologue finds the thread's own never-suspending
 * stack through a {@code ThreadLocal}.
 */
@Fork(1)
public class FastPathOnPlainThread extends FastPath {
}
