package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Go;
import io.jgo.WaitGroup;

/**
 * The first program: ten goroutines say hello, then main reports how many goroutines and
 * processors there were. Run: {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec}.
 */
public final class HelloGoroutines {

    private HelloGoroutines() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            for (int i = 1; i <= 10; i++) {
                int n = i;
                wg.add(1);
                go(() -> {
                    System.out.println("hello from goroutine " + n);
                    wg.done();
                });
            }
            wg.await();
            System.out.println("all 10 said hello; GOMAXPROCS=" + Go.maxProcs() + ", goroutines now: " + Go.numGoroutine());
        });
    }
}
