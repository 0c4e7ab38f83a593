package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;

/**
 * The concurrent prime sieve from the Go tour and the Go spec: a goroutine generates 2, 3, 4, ...;
 * each prime found adds a filter goroutine that drops its multiples, daisy-chained by unbuffered
 * channels. Prints the count and the last of the first 10,000 primes. Run:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=PrimeSieve}.
 */
public final class PrimeSieve {

    private static final int PRIMES = 10_000;

    private PrimeSieve() {
    }

    /** Sends 2, 3, 4, ... to {@code ch}. */
    @Goroutine
    static void generate(Chan<Integer> ch) {
        for (int i = 2; ; i++) {
            ch.send(i);
        }
    }

    /** Copies the values from {@code in} to {@code out}, dropping those divisible by {@code prime}. */
    @Goroutine
    static void filter(Chan<Integer> in, Chan<Integer> out, int prime) {
        for (;;) {
            int i = in.recv();
            if (i % prime != 0) {
                out.send(i);
            }
        }
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        int[] last = new int[1];
        Go.run(() -> {
            Chan<Integer> ch = Chan.make(0);
            go(() -> generate(ch));
            Chan<Integer> in = ch;
            for (int i = 0; i < PRIMES; i++) {
                int prime = in.recv();
                last[0] = prime;
                Chan<Integer> out = Chan.make(0);
                Chan<Integer> from = in;
                go(() -> filter(from, out, prime));
                in = out;
            }
        }); // the generator and the 10,000 filters end with main, as in Go (a note on stderr counts them)
        System.out.printf("the %,dth prime is %d (%d ms)%n", PRIMES, last[0], (System.nanoTime() - start) / 1_000_000);
    }
}
