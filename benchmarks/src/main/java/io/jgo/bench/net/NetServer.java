package io.jgo.bench.net;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The server side of the network comparison, one per fresh JVM: starts a {@link ServerKind} on a
 * loopback port the system picks and prints {@code jgo-net-listening <port>}; then answers
 * {@link NetCompare}'s commands on stdin: {@code heap} prints {@code jgo-net-heap <bytes>} (heap in
 * use after full collections); {@code alloc} prints {@code jgo-net-alloc <bytes>}, what every thread
 * has allocated so far (two of them around a fixed number of requests give the allocation per
 * request, a count the machine's load does not change); end of input (or {@code quit}) ends the JVM.
 *
 * <pre>java -cp ... io.jgo.bench.net.NetServer KIND PARALLELISM</pre>
 */
public final class NetServer {

    static final String LISTENING = "jgo-net-listening ";
    static final String HEAP = "jgo-net-heap ";
    static final String ALLOC = "jgo-net-alloc ";

    /** Listen queue: the kernel clamps it to somaxconn; large enough that 10,000 dials in bursts are not dropped. */
    static final int BACKLOG = 4096;

    /** Bytes each blocking-style echo server (jgo, Loom, platform) reads at a time. */
    static final int ECHO_BUFFER = 128;

    private NetServer() {
    }

    /** A started server. */
    interface Running {
        int port();
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: NetServer KIND PARALLELISM");
            System.exit(2);
        }
        ServerKind kind = ServerKind.parse(args[0]);
        int p = Integer.parseInt(args[1]);
        InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        Running server = switch (kind) {
            case ECHO_JGO -> JgoEcho.start(any);
            case ECHO_LOOM -> BlockingEcho.start(any, true);
            case ECHO_PLATFORM -> BlockingEcho.start(any, false);
            case ECHO_NETTY_NIO -> NettyEcho.start(any, p, false);
            case ECHO_NETTY_EPOLL -> NettyEcho.start(any, p, true);
            case HTTP_JGO -> JgoHttp.start(any);
            case HTTP_NETTY -> NettyHttp.start(any, p);
            case HTTP_JDK -> JdkHttp.start(any);
        };
        System.out.println(LISTENING + server.port());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
            if (line.equals("heap")) {
                System.out.println(HEAP + usedHeap());
                System.out.flush();
            } else if (line.equals("alloc")) {
                System.out.println(ALLOC + ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                        .getTotalThreadAllocatedBytes());
                System.out.flush();
            }
        }
        System.exit(0);
    }

    static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
