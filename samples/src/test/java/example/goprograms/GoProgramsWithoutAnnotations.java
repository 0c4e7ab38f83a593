package example.goprograms;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.LinkedHashMap;
import java.util.Comparator;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Go programs written in Java as a newcomer would, with no {@code @Goroutine} anywhere: every
 * helper, interface method, anonymous class and method reference between a goroutine's start and
 * its park is plain Java. Under jgo's default (the agent with no options, the CLI and the Maven
 * plugin with default settings) every goroutine parks by unwinding, so {@link #main} prints the
 * plain-Java results and {@code pins 0}. {@code GoProgramsWithoutAnnotationsTest} runs it rewritten
 * by the Maven plugin; {@code NoAnnotationIT} compiles this file again and runs it with the agent
 * and rewritten by the CLI. It lives outside {@code io.jgo}, as an application does: jgo's own
 * packages are never rewritten by the whole-application rule.
 */
public final class GoProgramsWithoutAnnotations {

    private GoProgramsWithoutAnnotations() {
    }

    public static void main(String[] args) {
        Go.maxProcs(4);
        for (String line : runAll()) {
            System.out.println(line);
        }
        System.out.println("pins " + pins());
    }

    /** The results of every program, one line each, as plain Java computes them. */
    public static List<String> runAll() {
        List<String> out = new ArrayList<>();
        Go.run(() -> {
            out.add("pipeline " + pipelineSum(100));
            out.add("same trees " + Tour.same(Tour.newTree(1, 7), Tour.newTree(1, 11)) + " "
                    + Tour.same(Tour.newTree(1, 8), Tour.newTree(2, 9)));
            out.add("store " + storeThroughAnInterface());
            out.add("anonymous runnable " + anonymousRunnable());
            out.add("select helper " + selectHelper());
            out.add("method references " + methodReferences());
            out.add("int streams " + intStreams());
            out.add("read fully " + readFullyOverConn());
            out.add("collections " + collectionsWithParkingFunctions());
            out.add("sorted collections " + sortedCollectionsWithParkingComparators());
            out.add("sorted behind interfaces " + sortedCollectionsBehindInterfaces());
            out.add("constructors " + constructorsThatReceive());
        });
        return out;
    }

    /** Pins so far in this process, as the runtime counts them. */
    public static long pins() {
        return io.jgo.internal.cont.Continuation.pinCount();
    }

    // ---- Go's pipeline (blog "Go Concurrency Patterns: Pipelines"): gen -> sq -> sq -> merge -> sum

    static int pipelineSum(int n) {
        Chan<Integer> in = gen(n);
        Chan<Integer> c1 = sq(in);
        Chan<Integer> c2 = sq(in);
        int sum = 0;
        for (int v : merge(c1, c2)) {
            sum += v;
        }
        return sum;
    }

    static Chan<Integer> gen(int n) {
        Chan<Integer> out = Chan.make();
        Go.go(() -> {
            for (int i = 1; i <= n; i++) {
                send(out, i);
            }
            out.close();
        });
        return out;
    }

    /** A plain helper on the way to the park. */
    static void send(Chan<Integer> out, int v) {
        out.send(v);
    }

    static Chan<Integer> sq(Chan<Integer> in) {
        Chan<Integer> out = Chan.make();
        Go.go(() -> {
            for (int v : in) {
                send(out, v * v);
            }
            out.close();
        });
        return out;
    }

    static Chan<Integer> merge(Chan<Integer> a, Chan<Integer> b) {
        Chan<Integer> out = Chan.make(1);
        WaitGroup wg = new WaitGroup();
        wg.add(2);
        forward(a, out, wg);
        forward(b, out, wg);
        Go.go(() -> {
            wg.await();
            out.close();
        });
        return out;
    }

    static void forward(Chan<Integer> from, Chan<Integer> to, WaitGroup wg) {
        Go.go(() -> {
            drain(from, to::send);
            wg.done();
        });
    }

    /** A method reference to {@code Chan.send} handed on as a plain {@code Consumer}. */
    static void drain(Chan<Integer> from, Consumer<Integer> sink) {
        for (Integer v : from) {
            sink.accept(v);
        }
    }

    // ---- the Go tour's Equivalent Binary Trees

    static final class Tour {

        record Tree(Tree left, int value, Tree right) {
        }

        static Tree newTree(int k, long seed) {
            List<Integer> values = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                values.add(i * k);
            }
            java.util.Collections.shuffle(values, new Random(seed));
            Tree t = null;
            for (int v : values) {
                t = insert(t, v);
            }
            return t;
        }

        static Tree insert(Tree t, int v) {
            if (t == null) {
                return new Tree(null, v, null);
            }
            return v < t.value() ? new Tree(insert(t.left(), v), t.value(), t.right())
                    : new Tree(t.left(), t.value(), insert(t.right(), v));
        }

        /** Sends the tree's values in order: a recursive plain method, parking 10 frames down. */
        static void walk(Tree t, Chan<Integer> ch) {
            if (t == null) {
                return;
            }
            walk(t.left(), ch);
            ch.send(t.value());
            walk(t.right(), ch);
        }

        static boolean same(Tree t1, Tree t2) {
            Chan<Integer> c1 = Chan.make();
            Chan<Integer> c2 = Chan.make();
            Go.go(() -> { walk(t1, c1); c1.close(); });
            Go.go(() -> { walk(t2, c2); c2.close(); });
            for (;;) {
                Chan.Result<Integer> a = c1.recvOk();
                Chan.Result<Integer> b = c2.recvOk();
                if (a.ok() != b.ok() || a.ok() && !a.value().equals(b.value())) {
                    drainQuietly(c1);
                    drainQuietly(c2);
                    return false;
                }
                if (!a.ok()) {
                    return true;
                }
            }
        }

        static void drainQuietly(Chan<Integer> c) {
            for (Integer ignored : c) {
                // let the walker finish
            }
        }
    }

    // ---- a store behind an interface: an owner goroutine serves requests on a channel

    interface Store {
        void put(String key, int value);

        int get(String key);
    }

    static final class ChanStore implements Store {

        private record Request(String key, int value, boolean write, Chan<Integer> reply) {
        }

        private final Chan<Request> requests = Chan.make();

        ChanStore() {
            Go.go(this::serve);
        }

        private void serve() {
            Map<String, Integer> data = new HashMap<>();
            for (Request r : requests) {
                if (r.write()) {
                    data.put(r.key(), r.value());
                    r.reply().send(r.value());
                } else {
                    r.reply().send(data.getOrDefault(r.key(), 0));
                }
            }
        }

        @Override
        public void put(String key, int value) {
            Chan<Integer> reply = Chan.make();
            requests.send(new Request(key, value, true, reply));
            reply.recv();
        }

        @Override
        public int get(String key) {
            Chan<Integer> reply = Chan.make();
            requests.send(new Request(key, 0, false, reply));
            return reply.recv();
        }

        void close() {
            requests.close();
        }
    }

    static int storeThroughAnInterface() {
        ChanStore impl = new ChanStore();
        Store store = impl;
        WaitGroup wg = new WaitGroup();
        for (int w = 0; w < 8; w++) {
            String key = "k" + (w % 3);
            wg.add(1);
            Go.go(() -> {
                for (int i = 0; i < 10; i++) {
                    increment(store, key);
                }
                wg.done();
            });
        }
        wg.await();
        int total = store.get("k0") + store.get("k1") + store.get("k2");
        impl.close();
        return total;
    }

    /** A read-modify-write made atomic by a per-key channel lock, taken in a plain helper. */
    static void increment(Store store, String key) {
        synchronizedByChannel(key, () -> store.put(key, store.get(key) + 1));
    }

    private static final Map<String, Chan<Boolean>> LOCKS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A channel of capacity 1 as a lock, taken and released by a plain helper. */
    static void synchronizedByChannel(String key, Runnable body) {
        Chan<Boolean> lock = LOCKS.computeIfAbsent(key, k -> Chan.make(1));
        lock.send(true);
        try {
            body.run();
        } finally {
            lock.recv();
        }
    }

    // ---- an anonymous Runnable

    static int anonymousRunnable() {
        Chan<Integer> done = Chan.make();
        Go.go(new Runnable() {
            @Override
            public void run() {
                Go.sleep(java.time.Duration.ofMillis(1));
                done.send(42);
            }
        });
        return done.recv();
    }

    // ---- a generic select helper

    /** The first value from either channel; null when both are closed. */
    static <T> T first(Chan<T> a, Chan<T> b) {
        List<T> got = new ArrayList<>(1);
        Select.select(Select.recv(a, got::add), Select.recv(b, got::add));
        return got.get(0);
    }

    static String selectHelper() {
        Chan<String> a = Chan.make();
        Chan<String> b = Chan.make();
        Go.go(() -> a.send("from a"));
        String one = first(a, b);
        Go.go(() -> b.send("from b"));
        String two = first(a, b);
        return one + ", " + two;
    }

    // ---- method references

    static final class Counter {
        private final Chan<Integer> results = Chan.make(0);

        void work(int id) {
            Go.gosched();
            results.send(id * 10);
        }
    }

    static int methodReferences() {
        Counter c = new Counter();
        List<Integer> ids = List.of(1, 2, 3, 4);
        ids.forEach(id -> Go.go(() -> c.work(id)));
        int sum = 0;
        for (int i = 0; i < ids.size(); i++) {
            sum += c.results.recv();
        }
        return sum;
    }

    // ---- Go's counting loops written as primitive streams whose lambdas block on channels

    /**
     * {@code for i := 0; i <= 10; i++ { ch <- i }} as {@code IntStream.range(..).forEach}, and a sum of
     * squares asked of a server goroutine as {@code IntStream.rangeClosed(..).map(..).sum()}: every
     * lambda parks on an unbuffered channel.
     */
    static String intStreams() {
        Chan<Integer> ch = Chan.make();
        Chan<Integer> total = Chan.make();
        Go.go(() -> {
            int sum = 0;
            for (int v : ch) {
                sum += v;
            }
            total.send(sum);
        });
        IntStream.range(0, 11).forEach(i -> ch.send(i));
        ch.close();
        Chan<Integer> requests = Chan.make();
        Chan<Integer> replies = Chan.make();
        Go.go(() -> {
            for (int v : requests) {
                replies.send(v * v);
            }
        });
        int squares = IntStream.rangeClosed(1, 10).map(i -> {
            requests.send(i);
            return replies.recv();
        }).sum();
        requests.close();
        return total.recv() + " " + squares;
    }

    // ---- readFully over io.jgo.net

    /** Go's io.ReadFull: reads until {@code buf} is full; a plain helper that parks in Conn.read. */
    static void readFully(Conn c, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            if (c.read(buf) < 0) {
                throw new java.io.EOFException("short read: " + buf.position());
            }
        }
    }

    static String readFullyOverConn() {
        try (Listener l = Net.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            Chan<Boolean> served = Chan.make(1);
            Go.go(() -> {
                try (Conn c = l.accept()) {
                    for (String part : List.of("hel", "lo, ", "wor", "ld")) {
                        Go.sleep(java.time.Duration.ofMillis(1)); // the reader waits for each part
                        c.write(ByteBuffer.wrap(part.getBytes(StandardCharsets.US_ASCII)));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    served.send(true);
                }
            });
            String text;
            try (Conn c = Net.dial(l.address())) {
                ByteBuffer buf = ByteBuffer.allocate(12);
                readFully(c, buf);
                text = new String(buf.array(), StandardCharsets.US_ASCII);
            }
            served.recv(); // the server is done: main leaves no goroutine behind
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the JDK's higher-order methods handed functions that park

    /**
     * Word lengths asked of a server goroutine over a channel, so every function below parks:
     * {@code Collectors.groupingBy} into a {@code TreeMap}, {@code TreeMap.computeIfAbsent},
     * {@code LinkedHashMap.compute}, {@code Collectors.partitioningBy} and
     * {@code Optional.ifPresentOrElse}.
     */
    static String collectionsWithParkingFunctions() {
        Chan<String> requests = Chan.make();
        Chan<Integer> replies = Chan.make();
        Go.go(() -> {
            for (String w : requests) {
                replies.send(w.length());
            }
        });
        Function<String, Integer> lengthOf = w -> {
            requests.send(w);
            return replies.recv();
        };
        List<String> words = List.of("go", "java", "chan", "select", "go", "defer");
        Map<Integer, List<String>> byLength = words.stream()
                .collect(Collectors.groupingBy(lengthOf, TreeMap::new, Collectors.toList()));
        Map<String, Integer> sorted = new TreeMap<>();
        for (String w : words) {
            sorted.computeIfAbsent(w, lengthOf);
        }
        Map<String, Integer> sums = new LinkedHashMap<>();
        for (String w : words) {
            sums.compute(w, (k, v) -> v == null ? lengthOf.apply(k) : v + lengthOf.apply(k));
        }
        Map<Boolean, Long> longWords = words.stream()
                .collect(Collectors.partitioningBy(w -> lengthOf.apply(w) > 4, Collectors.counting()));
        List<String> seen = new ArrayList<>();
        Optional.of("chan").ifPresentOrElse(w -> seen.add(w + "=" + lengthOf.apply(w)), () -> seen.add("none"));
        requests.close();
        return byLength + " " + sorted + " " + sums + " " + longWords + " " + seen;
    }

    // ---- sorted collections whose comparator yields, and a TreeMap whose computeIfAbsent receives

    static String sortedCollectionsWithParkingComparators() {
        Comparator<String> byLengthThenText = (a, b) -> {
            Go.gosched(); // yields at every compare
            int c = Integer.compare(a.length(), b.length());
            return c != 0 ? c : a.compareTo(b);
        };
        TreeSet<String> set = new TreeSet<>(byLengthThenText);
        for (String w : List.of("select", "go", "chan", "defer", "go", "java")) {
            set.add(w);
        }
        String floor = set.floor("abcd");
        Chan<String> names = Chan.make();
        Go.go(() -> {
            for (int i = 0; i < 3; i++) {
                names.send("n" + i);
            }
        });
        TreeMap<Integer, String> byKey = new TreeMap<>(Comparator.reverseOrder());
        for (int k : new int[] {3, 1, 3, 2}) {
            byKey.computeIfAbsent(k, key -> names.recv());
        }
        PriorityQueue<String> queue = new PriorityQueue<>(byLengthThenText);
        for (String w : List.of("defer", "go", "select", "java", "chan")) {
            queue.offer(w);
        }
        StringBuilder polled = new StringBuilder();
        while (!queue.isEmpty()) {
            polled.append(' ').append(queue.poll());
        }
        return set + " floor " + floor + " " + byKey + polled;
    }

    // ---- what a Java programmer writes most: the same collections behind Map, Set and Queue variables

    static String sortedCollectionsBehindInterfaces() {
        Comparator<String> byLengthThenText = (a, b) -> {
            Go.gosched(); // yields at every compare
            int c = Integer.compare(a.length(), b.length());
            return c != 0 ? c : a.compareTo(b);
        };
        Chan<String> words = Chan.make();
        Go.go(() -> {
            for (String w : List.of("select", "go", "chan", "defer", "go", "java")) {
                words.send(w);
            }
            words.close();
        });
        Map<String, Integer> counts = new TreeMap<>(byLengthThenText);
        Set<String> seen = new TreeSet<>(byLengthThenText);
        Queue<String> queue = new PriorityQueue<>(byLengthThenText);
        for (String w : words) {
            counts.merge(w, 1, Integer::sum);
            seen.add(w);
            queue.offer(w);
        }
        StringBuilder polled = new StringBuilder();
        while (!queue.isEmpty()) {
            polled.append(' ').append(queue.poll());
        }
        return counts + " " + seen.contains("chan") + polled;
    }

    // ---- a constructor that waits: Java's "new Worker(jobs)" where Go would write newWorker(jobs)

    /** Takes its first job in its constructor, as a driver's connection reads its greeting. */
    static final class Worker {
        private final int id;
        private final int job;

        Worker(int id, WaitGroup ready, Chan<Integer> jobs) {
            this.id = id;
            ready.done();
            this.job = jobs.recv();
        }

        int done() {
            return id >= 0 ? job : -1;
        }
    }

    /**
     * 200 goroutines each construct a Worker; the jobs are sent once every worker has reached its constructor,
     * so nearly all of them wait there.
     */
    static String constructorsThatReceive() {
        int n = 200;
        Chan<Integer> jobs = Chan.make();
        WaitGroup ready = new WaitGroup();
        WaitGroup wg = new WaitGroup();
        java.util.concurrent.atomic.AtomicInteger sum = new java.util.concurrent.atomic.AtomicInteger();
        ready.add(n);
        for (int i = 0; i < n; i++) {
            int id = i;
            wg.add(1);
            Go.go(() -> {
                sum.addAndGet(new Worker(id, ready, jobs).done());
                wg.done();
            });
        }
        ready.await();
        for (int job = 1; job <= n; job++) {
            jobs.send(job);
        }
        wg.await();
        return n + " " + sum.get();
    }
}
