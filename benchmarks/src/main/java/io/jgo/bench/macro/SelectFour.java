package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Select;
import io.jgo.WaitGroup;

/**
 * Select over 4 channels: 4 producers each send {@code items / 4} values on their own unbuffered
 * channel; one consumer receives them all with a 4-case select. Figure: wall time per item. Java's
 * concurrency library has no select over several queues, so only jgo runs it.
 */
final class SelectFour implements Workload {

    private final int items;

    SelectFour(int items) {
        this.items = items;
    }

    @Override
    public String name() {
        return "select-4";
    }

    @Override
    public String unit() {
        return "ns/item";
    }

    @Override
    public String measures() {
        return String.format("one consumer selects over 4 unbuffered channels fed by 4 producers, %,d items; elapsed / items", items);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("5 goroutines, 4 Chan.make(0), Select.select with 4 recv cases", this::onJgo);
            case LOOM, PLATFORM -> Plan.skip("not run: java.util.concurrent has no select over several queues");
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        long[] sum = new long[1];
        Go.run(() -> {
            @SuppressWarnings("unchecked")
            Chan<Integer>[] cs = new Chan[4];
            for (int i = 0; i < 4; i++) {
                Chan<Integer> c = cs[i] = Chan.make(0);
                Go.go(() -> {
                    for (int k = 0; k < items / 4; k++) {
                        c.send(1);
                    }
                });
            }
            WaitGroup done = new WaitGroup();
            done.add(1);
            Go.go(() -> { // not the main goroutine: its parks would be thread hand-offs to M0
                long start = System.nanoTime();
                long[] s = {0};
                Select.Case[] cases = {
                    Select.recv(cs[0], v -> s[0] += v), Select.recv(cs[1], v -> s[0] += v),
                    Select.recv(cs[2], v -> s[0] += v), Select.recv(cs[3], v -> s[0] += v)};
                for (int n = 0; n < items / 4 * 4; n++) {
                    Select.select(cases);
                }
                elapsed[0] = System.nanoTime() - start;
                sum[0] = s[0];
                done.done();
            });
            done.await();
        });
        ThreadRuns.check(sum[0] == items / 4 * 4, "select-4 count " + sum[0]);
        return (double) elapsed[0] / items;
    }
}
