package io.jgo.it.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.sched.TestRuntimes;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A goroutine body that may throw an IOException, and a runtime to run one as its main goroutine. */
@FunctionalInterface
interface SocketBody {

    @Goroutine
    void run() throws Exception;

    /** Runs {@code main} as the main goroutine of a fresh runtime of {@code procs} Ps. */
    static void run(String name, int procs, SocketBody main) {
        TestRuntimes.withProcs(name, procs).runMain(() -> {
            try {
                main.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
