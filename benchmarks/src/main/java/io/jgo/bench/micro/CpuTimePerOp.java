package io.jgo.bench.micro;

import io.jgo.internal.Stack;
import io.jgo.Chan;
import io.jgo.Select;
import io.jgo.internal.cont.Carrier;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * The channel hot paths of {@link ChanOps} and {@link SelectOps} timed by the thread's CPU time
 * instead of the wall clock: on a machine shared with other work, JMH's wall-clock figures grow
 * with the time the thread waits for a CPU, CPU time much less. One carrier thread (as JMH's
 * workers run), 3 warm-up rounds, then 5 measured rounds of {@code ops} operations each; prints the
 * median and the range in ns per operation. Not a JMH benchmark: a check of the ≤ 20 ns target
 * where JMH cannot show it.
 *
 * <pre>java -cp ... io.jgo.bench.micro.CpuTimePerOp [ops]</pre>
 */
public final class CpuTimePerOp {

    private CpuTimePerOp() {
    }

    public static void main(String[] args) throws InterruptedException {
        long ops = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Thread t = new Carrier(null, () -> runAll(ops), "cpu-time-carrier", 0, new Stack(null));
        t.start();
        t.join();
    }

    private static void runAll(long ops) {
        Integer value = 42;
        Chan<Integer> buffered = Chan.make(128);
        report("buffered send + recv", ops, n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                buffered.send(value);
                s += buffered.recv();
            }
            return s;
        });
        report("buffered trySend + tryRecv", ops, n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                buffered.trySend(value);
                s += buffered.tryRecv();
            }
            return s;
        });
        @SuppressWarnings("unchecked")
        Chan<Integer>[] chans = new Chan[4];
        for (int k = 0; k < 4; k++) {
            chans[k] = Chan.make(4);
            chans[k].send(value);
        }
        Select.Case[] two = {Select.recv(chans[0], null), Select.recv(chans[1], null)};
        Select.Case[] four = {Select.recv(chans[0], null), Select.recv(chans[1], null), Select.recv(chans[2], null),
            Select.recv(chans[3], null)};
        report("select over 2 ready channels + refill", ops, n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                int k = Select.select(two);
                chans[k].trySend(value);
                s += k;
            }
            return s;
        });
        report("select over 4 ready channels + refill", ops, n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                int k = Select.select(four);
                chans[k].trySend(value);
                s += k;
            }
            return s;
        });
        report("refill alone (tryRecv + trySend, buffered)", ops, n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                chans[0].tryRecv();
                chans[0].trySend(value);
                s++;
            }
            return s;
        });
    }

    private static void report(String what, long ops, LongUnaryOperator body) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int w = 0; w < 3; w++) {
            sink += body.applyAsLong(ops / 2);
        }
        double[] ns = new double[5];
        for (int r = 0; r < ns.length; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            sink += body.applyAsLong(ops);
            ns[r] = (mx.getCurrentThreadCpuTime() - c0) / (double) ops;
        }
        Arrays.sort(ns);
        System.out.printf("%-58s %7.1f ns CPU/op  (%.1f – %.1f)%s%n", what, ns[2], ns[0], ns[4], sink == 42 ? " " : "");
    }
}
