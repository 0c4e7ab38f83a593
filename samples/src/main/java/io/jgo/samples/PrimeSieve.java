package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The concurrent prime sieve from the Go tour and the Go spec: a goroutine generates 2, 3, 4, ...;
 * each prime found adds a filter goroutine that drops its multiples, daisy-chained by unbuffered
 * channels. Prints the count and the last of the first 10,000 primes (or of as many as the first argument says). Run:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=PrimeSieve}.
 *
 * <p>Go's original leaves the generator and the 10,000 filters blocked when main returns (they end
 * with the program). Here they end before main does, so the run leaves nothing behind (and
 * {@code Go.run} has no goroutines to note as dropped): once main has its primes it asks the
 * generator to stop; the generator closes its channel, each filter's receive loop ends and closes the next
 * channel, and main drains the last one until it is closed too. Only the few numbers already in the
 * chain flow through it; the sieve's work is the original's.
 */
public final class PrimeSieve {

    private static final int DEFAULT_PRIMES = 10_000;

    private PrimeSieve() {
    }

    /** Sends 2, 3, 4, ... to {@code ch} until {@code stop} is set, then closes it. */
    @Goroutine
    static void generate(Chan<Integer> ch, AtomicBoolean stop) {
        for (int i = 2; !stop.get(); i++) {
            ch.send(i);
        }
        ch.close();
    }

    /** Copies the values from {@code in} to {@code out}, dropping those divisible by {@code prime}; closes {@code out} when {@code in} is. */
    @Goroutine
    static void filter(Chan<Integer> in, Chan<Integer> out, int prime) {
        for (Integer i; (i = in.recv()) != null; ) { // null: closed and drained (the cheapest range: no Result per value)
            if (i % prime != 0) {
                out.send(i);
            }
        }
        out.close();
    }

    public static void main(String[] args) {
        int primes = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_PRIMES; // how many primes (a test asks for fewer)
        long start = System.nanoTime();
        int[] last = new int[1];
        Go.run(() -> {
            AtomicBoolean stop = new AtomicBoolean();
            Chan<Integer> ch = Chan.make(0);
            go(() -> generate(ch, stop));
            Chan<Integer> in = ch;
            for (int i = 0; i < primes; i++) {
                int prime = in.recv();
                last[0] = prime;
                Chan<Integer> out = Chan.make(0);
                Chan<Integer> from = in;
                go(() -> filter(from, out, prime));
                in = out;
            }
            stop.set(true); // the generator closes its channel; the close runs down the chain
            for (int ignored : in) {
                // numbers that were already in the chain: primes past the last one counted
            }
        });
        System.out.printf("the %,dth prime is %d (%d ms)%n", primes, last[0], (System.nanoTime() - start) / 1_000_000);
    }
}
