package app;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicLong;

/** Ten goroutines that each yield once and add their number: prints "sum 45". */
public class Main {

    public static void main(String[] args) {
        AtomicLong sum = new AtomicLong();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 10; i++) {
                int id = i;
                wg.add(1);
                Go.go(() -> {
                    add(sum, id);
                    wg.done();
                });
            }
            wg.await();
        });
        System.out.println("sum " + sum.get());
    }

    @Goroutine
    static void add(AtomicLong sum, int id) {
        Go.gosched();
        sum.addAndGet(id);
    }

    /** Never called: not @Goroutine, yet it suspends; by default the build rewrites it and lists it (InstrumentMojoIT). */
    static void unannotatedPause() {
        Go.gosched();
    }
}
