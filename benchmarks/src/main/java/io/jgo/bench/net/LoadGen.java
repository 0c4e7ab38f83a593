package io.jgo.bench.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * The load generator of the network comparison, in a JVM of its own (never the server's): NIO,
 * {@code conns} connections, each sending one request and waiting for its whole answer before the
 * next (pipelined depth 1), every answer checked byte for byte ({@link Exchange}). Latency, from
 * the write to the last byte of the answer, goes into an HdrHistogram.
 *
 * <p>Phases: connect half the connections (at most {@link #CONNECTS_IN_FLIGHT} dials at a time,
 * so the listen queue does not overflow), one checked round trip on each; then the other half the
 * same way. With {@code --pause}, after each half print {@link #IDLE} {@code <connections open>}
 * and wait for a line on stdin: the harness measures the server's heap with every connection idle
 * at both sizes, and the difference over the connections added is the heap one idle connection
 * costs (the server's fixed and lazily made structures cancel out). Then either {@code --requests N} in all (the smoke size: every
 * connection its share) or {@code --warmup S} seconds unrecorded and {@code --duration S}
 * recorded. Prints one line: {@link #RESULT} {@code key=value ...}. A wrong answer, a closed or
 * reset connection: a message on stderr and exit status 1.
 *
 * <pre>java -cp ... io.jgo.bench.net.LoadGen --port P --protocol echo|http --conns N
 *        [--threads T] [--warmup S --duration S | --requests N] [--pause]</pre>
 */
public final class LoadGen {

    static final String IDLE = "jgo-net-idle ";
    static final String RESULT = "jgo-net-result ";
    static final int CONNECTS_IN_FLIGHT = 256;

    private static final long NO_QUOTA = Long.MAX_VALUE;

    /**
     * Whether completions count (written by main, read by the workers; volatile: a completion is
     * counted iff it happened after the write that set it, within the harness's clock reads).
     */
    private static volatile boolean recording;
    /** Set by main to end a timed run; workers stop sending and return. */
    private static volatile boolean stop;

    private LoadGen() {
    }

    /** One connection's state; used by its worker thread only. */
    private static final class Client {
        final int id;
        final SocketChannel ch;
        final ByteBuffer out;
        final ByteBuffer in;
        SelectionKey key;
        long seq;
        long quota;
        long sentAt;

        Client(int id, SocketChannel ch, int maxAnswer) {
            this.id = id;
            this.ch = ch;
            this.out = ByteBuffer.allocate(1024);
            this.in = ByteBuffer.allocate(maxAnswer);
        }
    }

    /** A thread with its own selector and its share of the connections. */
    private static final class Worker extends Thread {
        final InetSocketAddress server;
        final Exchange exchange;
        final List<Integer> ids;
        /** Counted down when stage 0 (half the connections) and stage 1 (all) are connected and checked. */
        final CountDownLatch[] primed;
        /** Opened by main to go on after each stage. */
        final CountDownLatch[] proceed;
        final AtomicReference<Throwable> failure;
        final Histogram latency = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        final List<Client> clients = new ArrayList<>();
        long quotaEach;
        int quotaExtra;
        long counted;
        int active;
        Selector selector;

        Worker(int n, InetSocketAddress server, Exchange exchange, List<Integer> ids, CountDownLatch[] primed,
               CountDownLatch[] proceed, AtomicReference<Throwable> failure) {
            super("loadgen-" + n);
            setDaemon(true);
            this.server = server;
            this.exchange = exchange;
            this.ids = ids;
            this.primed = primed;
            this.proceed = proceed;
            this.failure = failure;
        }

        @Override
        public void run() {
            try (Selector s = Selector.open()) {
                selector = s;
                int half = ids.size() / 2;
                for (int stage = 0; stage < 2; stage++) { // half the connections, then all: see the class comment
                    int from = clients.size();
                    connect(ids.subList(from, stage == 0 ? half : ids.size()));
                    for (int i = 0; i < clients.size(); i++) {
                        clients.get(i).quota = i >= from ? 1 : 0;
                    }
                    exchangeUntilDone(); // one checked round trip on every new connection
                    primed[stage].countDown();
                    proceed[stage].await();
                }
                for (int i = 0; i < clients.size(); i++) {
                    clients.get(i).quota = quotaEach == NO_QUOTA ? NO_QUOTA : quotaEach + (i < quotaExtra ? 1 : 0);
                }
                exchangeUntilDone();
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                primed[0].countDown();
                primed[1].countDown();
            } finally {
                for (Client c : clients) {
                    try {
                        c.ch.close();
                    } catch (IOException ignored) {
                        // closing at the end
                    }
                }
            }
        }

        private void connect(List<Integer> ids) throws IOException {
            int next = 0;
            int pending = 0;
            while (next < ids.size() || pending > 0) {
                while (next < ids.size() && pending < CONNECTS_IN_FLIGHT) {
                    SocketChannel ch = SocketChannel.open();
                    ch.configureBlocking(false);
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    Client c = new Client(ids.get(next++), ch, exchange.maxAnswer());
                    clients.add(c);
                    if (ch.connect(server)) {
                        c.key = ch.register(selector, 0, c);
                    } else {
                        c.key = ch.register(selector, SelectionKey.OP_CONNECT, c);
                        pending++;
                    }
                }
                if (pending == 0) {
                    continue;
                }
                selector.select(1000);
                for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
                    SelectionKey k = it.next();
                    it.remove();
                    Client c = (Client) k.attachment();
                    if (k.isConnectable() && c.ch.finishConnect()) {
                        k.interestOps(0);
                        pending--;
                    }
                }
            }
        }

        /** Runs every client's requests until each has met its quota (or {@link #stop}). */
        private void exchangeUntilDone() throws IOException, Exchange.BadAnswer {
            active = 0;
            for (Client c : clients) {
                if (c.quota > 0) {
                    active++;
                    send(c);
                }
            }
            while (active > 0) {
                if (stop) {
                    return; // a timed run ended: answers still on the way are abandoned (the connections close)
                }
                selector.select(100);
                for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
                    SelectionKey k = it.next();
                    it.remove();
                    Client c = (Client) k.attachment();
                    if (k.isWritable()) {
                        write(c);
                    }
                    if (k.isReadable()) {
                        read(c);
                    }
                }
            }
        }

        private void send(Client c) throws IOException {
            exchange.request(c.id, c.seq, c.out);
            c.in.clear();
            c.sentAt = System.nanoTime();
            write(c);
        }

        private void write(Client c) throws IOException {
            c.ch.write(c.out);
            c.key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        }

        private void read(Client c) throws IOException, Exchange.BadAnswer {
            int n = c.ch.read(c.in);
            if (n < 0) {
                throw new IOException("connection " + c.id + ": the server closed it during request " + c.seq);
            }
            if (n == 0 || !exchange.complete(c.id, c.seq, c.in)) {
                return;
            }
            long now = System.nanoTime();
            if (recording) {
                latency.recordValue(now - c.sentAt);
                counted++;
            }
            c.seq++;
            if (--c.quota > 0 && !stop) {
                send(c);
            } else {
                c.key.interestOps(0);
                active--;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = parse(args);
        int port = Integer.parseInt(required(o, "port"));
        Exchange exchange = Exchange.of(o.getOrDefault("protocol", "echo"));
        int conns = Integer.parseInt(o.getOrDefault("conns", "1000"));
        int threads = Math.max(1, Math.min(conns, Integer.parseInt(o.getOrDefault("threads", "1"))));
        long requests = Long.parseLong(o.getOrDefault("requests", "0"));
        double warmup = Double.parseDouble(o.getOrDefault("warmup", "5"));
        double duration = Double.parseDouble(o.getOrDefault("duration", "10"));
        boolean pause = o.containsKey("pause");
        InetSocketAddress server = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);

        CountDownLatch[] primed = {new CountDownLatch(threads), new CountDownLatch(threads)};
        CountDownLatch[] proceed = {new CountDownLatch(1), new CountDownLatch(1)};
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<Integer> ids = new ArrayList<>();
            for (int i = t; i < conns; i += threads) {
                ids.add(i);
            }
            Worker w = new Worker(t, server, exchange, ids, primed, proceed, failure);
            if (requests > 0) {
                long share = requests * ids.size() / conns; // this worker's part of the total
                w.quotaEach = share / ids.size();
                w.quotaExtra = (int) (share % ids.size());
            } else {
                w.quotaEach = NO_QUOTA;
            }
            workers.add(w);
        }
        if (requests > 0) { // the integer shares may leave a few requests over: give them to the first worker
            long given = workers.stream().mapToLong(w -> w.quotaEach * w.ids.size() + w.quotaExtra).sum();
            workers.get(0).quotaExtra += (int) (requests - given);
        }
        long t0 = System.nanoTime();
        workers.forEach(Thread::start);
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (int stage = 0; stage < 2; stage++) {
            if (!primed[stage].await(300, TimeUnit.SECONDS)) {
                fail("connecting and priming " + conns + " connections took more than 300 s");
            }
            failIfFailed(failure);
            int up = stage == 0 ? workers.stream().mapToInt(w -> w.ids.size() / 2).sum() : conns;
            System.err.printf("loadgen: %,d connections up and checked after %.1f s%n", up, (System.nanoTime() - t0) / 1e9);
            if (pause) {
                System.out.println(IDLE + up);
                System.out.flush();
                stdin.readLine();
            }
            if (stage == 0) {
                proceed[0].countDown();
            }
        }

        long begin;
        long end;
        if (requests > 0) {
            recording = true;
            begin = System.nanoTime();
            proceed[1].countDown();
            for (Worker w : workers) {
                w.join(TimeUnit.SECONDS.toMillis(300));
                if (w.isAlive()) {
                    fail("the requests did not finish within 300 s");
                }
            }
            end = System.nanoTime();
        } else {
            proceed[1].countDown();
            sleepOrFail(warmup, failure);
            recording = true;
            begin = System.nanoTime();
            sleepOrFail(duration, failure);
            recording = false;
            end = System.nanoTime();
            stop = true;
            for (Worker w : workers) {
                w.join(10_000);
            }
        }
        failIfFailed(failure);

        Histogram all = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        long done = 0;
        for (Worker w : workers) {
            all.add(w.latency);
            done += w.counted;
        }
        if (requests > 0 && done != requests) {
            fail(done + " requests answered, " + requests + " asked");
        }
        double seconds = (end - begin) / 1e9;
        System.out.printf("%sconns=%d requests=%d seconds=%.3f rps=%.1f p50us=%.1f p99us=%.1f p999us=%.1f maxus=%.1f%n",
                RESULT, conns, done, seconds, done / seconds,
                all.getValueAtPercentile(50) / 1e3, all.getValueAtPercentile(99) / 1e3,
                all.getValueAtPercentile(99.9) / 1e3, all.getMaxValue() / 1e3);
        System.out.flush();
        System.exit(0);
    }

    private static void sleepOrFail(double seconds, AtomicReference<Throwable> failure) throws InterruptedException {
        long until = System.nanoTime() + (long) (seconds * 1e9);
        for (long left; (left = until - System.nanoTime()) > 0; ) {
            failIfFailed(failure);
            Thread.sleep(Math.min(100, Math.max(1, left / 1_000_000)));
        }
    }

    private static void failIfFailed(AtomicReference<Throwable> failure) {
        Throwable t = failure.get();
        if (t != null) {
            fail(t.toString());
        }
    }

    private static void fail(String why) {
        System.err.println("loadgen failed: " + why);
        System.out.flush();
        System.exit(1);
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
            String name = args[i].substring(2);
            if (name.equals("pause")) {
                o.put(name, "");
            } else if (i + 1 < args.length) {
                o.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
        }
        return o;
    }

    private static String required(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return v;
    }
}
