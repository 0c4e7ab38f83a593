package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Select;
import io.jgo.WaitGroup;
import java.time.Duration;

/**
 * A pipeline with fan-out and fan-in (after the Go blog's "Pipelines and cancellation"): a source
 * emits 1..1000; three workers square the numbers (fan-out); a merge stage funnels their outputs
 * into one channel (fan-in); the sink sums what arrives and gives up on a slow stage with a select
 * timeout. Run: {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=Pipeline}.
 */
public final class Pipeline {

    private Pipeline() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            Chan<Integer> numbers = Chan.make(16);
            go(() -> {
                for (int i = 1; i <= 1_000; i++) {
                    numbers.send(i);
                }
                numbers.close();
            });

            Chan<Long> merged = Chan.make(16);
            WaitGroup workers = new WaitGroup();
            for (int w = 0; w < 3; w++) { // fan-out: three workers read the same channel
                workers.add(1);
                go(() -> {
                    for (int n : numbers) {
                        merged.send((long) n * n);
                    }
                    workers.done();
                });
            }
            go(() -> { // fan-in is the shared output; close it once every worker is done
                workers.await();
                merged.close();
            });

            long[] sum = {0};
            int[] count = {0};
            boolean[] open = {true};
            while (open[0]) {
                Select.select(
                        Select.recvOk(merged, r -> {
                            if (r.ok()) {
                                sum[0] += r.value();
                                count[0]++;
                            } else {
                                open[0] = false;
                            }
                        }),
                        Select.recv(Go.after(Duration.ofSeconds(2)), t -> {
                            System.out.println("timed out waiting for the pipeline");
                            open[0] = false;
                        }));
            }
            System.out.printf("%d squares, sum %d%n", count[0], sum[0]); // 1000 squares, sum 333833500
        });
    }
}
