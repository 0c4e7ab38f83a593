package io.jgo.samples;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;

/**
 * Producer/consumer between a plain Java thread and goroutines: an ordinary {@code Thread} (think
 * of a legacy callback or an I/O thread) produces jobs into a buffered channel, blocking itself when
 * the buffer is full; four goroutines consume them and report results on another channel, which
 * the plain {@code main} thread reads. Run:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=ThreadToGoroutines}.
 */
public final class ThreadToGoroutines {

    private ThreadToGoroutines() {
    }

    public static void main(String[] args) throws InterruptedException {
        Chan<String> jobs = Chan.make(8);
        Chan<Integer> results = Chan.make(0);

        Thread producer = new Thread(() -> { // a plain thread: send blocks it when the buffer is full
            for (int i = 0; i < 100; i++) {
                jobs.send("job-" + i);
            }
            jobs.close();
        }, "producer");
        producer.start();

        WaitGroup consumers = new WaitGroup(); // goroutines of the default runtime
        for (int w = 0; w < 4; w++) {
            consumers.add(1);
            Go.go(() -> {
                for (String job : jobs) {
                    results.send(job.length());
                }
                consumers.done();
            });
        }
        Go.go(() -> {
            consumers.await();
            results.close();
        });

        int total = 0;
        for (int len : results) { // main is a plain thread too: it blocks here
            total += len;
        }
        producer.join();
        System.out.println("processed 100 jobs, total name length " + total); // 590
    }
}
