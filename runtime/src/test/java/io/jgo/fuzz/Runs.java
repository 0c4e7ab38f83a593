package io.jgo.fuzz;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.coroutine.Coroutine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The ways one loaded program class is run: plain on the calling thread; stepped by a
 * {@link Coroutine} (every suspension returns to the stepping loop); and as goroutines of a fresh
 * {@link Go#run} runtime, several copies at once so they migrate between carrier threads. Each run
 * yields the program's {@link Trace#result}, or what escaped the run instead.
 */
final class Runs {

    /** A resumed coroutine always passes a suspension point before it suspends again; more resumes than points means it is stuck. */
    private static final long RESUME_LIMIT = 2_100_000;
    /** A hang detector, never reached by a healthy run (a few hundred thousand yields at most). */
    private static final long SCHEDULER_WAIT_MILLIS = 120_000;

    private Runs() {
    }

    static FuzzProgram instantiate(Class<?> program, Trace trace) {
        try {
            return (FuzzProgram) program.getConstructor(Trace.class).newInstance(trace);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot instantiate " + program.getName(), e);
        }
    }

    static String plain(Class<?> program) {
        FuzzProgram p = instantiate(program, Trace.plain());
        try {
            p.run();
        } catch (Throwable e) {
            return "escaped: " + e;
        }
        return p.trace().result();
    }

    /** Steps the program as a coroutine to its end; counts its suspensions and pins into {@code stats}. */
    static String coroutine(Class<?> program, Trace.Suspend mode, long seed, Stats stats) {
        FuzzProgram p = instantiate(program, new Trace(mode, seed, false));
        Coroutine co = new Coroutine(p);
        long resumes = 0;
        try {
            while (co.resume()) {
                if (++resumes > RESUME_LIMIT) {
                    return "stuck: resumed " + resumes + " times, " + p.trace().points() + " suspension points passed";
                }
            }
        } catch (Throwable e) {
            return "escaped: " + e;
        } finally {
            stats.count(resumes, co.pins(), co.reenteredAlone());
        }
        return p.trace().result();
    }

    /**
     * Runs {@code modes.size()} copies of the program as goroutines at GOMAXPROCS {@code procs}, copy
     * i suspending per {@code modes.get(i)} with {@link Go#gosched}; returns each copy's result.
     */
    static List<String> scheduler(Class<?> program, int procs, List<Trace.Suspend> modes, long seed) {
        List<FuzzProgram> copies = new ArrayList<>();
        for (int i = 0; i < modes.size(); i++) {
            copies.add(instantiate(program, new Trace(modes.get(i), seed + i, true)));
        }
        AtomicReference<Throwable> escaped = new AtomicReference<>();
        Thread m0 = new Thread(() -> {
            try {
                Go.run(() -> {
                    Go.maxProcs(procs);
                    WaitGroup wg = new WaitGroup();
                    wg.add(copies.size());
                    for (FuzzProgram p : copies) {
                        Go.go(() -> {
                            p.run();
                            wg.done();
                        });
                    }
                    wg.await();
                });
            } catch (Throwable e) {
                escaped.set(e);
            }
        }, "fuzz-m0");
        m0.setDaemon(true);
        m0.start();
        try {
            m0.join(SCHEDULER_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        List<String> results = new ArrayList<>();
        for (FuzzProgram p : copies) {
            if (m0.isAlive()) {
                results.add("hung: Go.run did not return within " + SCHEDULER_WAIT_MILLIS + " ms");
            } else if (escaped.get() != null) {
                results.add("escaped: " + escaped.get());
            } else {
                results.add(p.trace().result());
            }
        }
        return results;
    }
}
