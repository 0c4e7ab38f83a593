package io.jgo.bench.startup;

import io.jgo.Chan;
import io.jgo.Go;

/**
 * The smallest goroutine program with a suspension in it: main starts one goroutine, which sends
 * its greeting over an unbuffered channel; main receives it and prints it. The first line therefore
 * needs the runtime started, a goroutine run, and a hand-off between two goroutines; in its agent
 * form also the agent's start and the rewrite of this class as it loads.
 */
public final class HelloGoroutine {

    /** The first line this program prints. */
    public static final String LINE = "hello from a goroutine";

    private HelloGoroutine() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            Chan<String> greeting = Chan.make();
            Go.go(() -> greeting.send(LINE));
            FirstLine.print(greeting.recv(), args);
        });
    }
}
