package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Pins;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 29's TLS check: 200 client goroutines at GOMAXPROCS 4, each making a TLS echo exchange
 * through a {@code PrintWriter} and a {@code BufferedReader} with a server of 200 goroutines behind
 * an {@code SSLServerSocket} in the same runtime that answers each line after 300 ms. Half the
 * clients connect with {@code SSLSocketFactory.createSocket(host, port)}, half layer TLS over a
 * {@code new Socket} with {@code createSocket(socket, host, port, true)}. Every answer is right, no
 * suspension pins, and the peak of the JVM's threads over the baseline stays at 64 or fewer: a
 * goroutine waiting in a handshake, a TLS read or an accept holds no carrier. Through the JDK's
 * {@code SSLSocket} every waiting goroutine holds one (some 400 threads).
 */
@Timeout(300)
class TlsSocketGoroutinesTest {

    private static final int CLIENTS = 200;
    private static final int LINES = 2;
    private static final int MAX_EXTRA_THREADS = 64;
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Goroutine
    static void serve(ServerSocket server, WaitGroup done, Queue<Throwable> failures) throws IOException {
        for (int i = 0; i < CLIENTS; i++) {
            Socket s = server.accept();
            Go.go(() -> {
                try {
                    echo(s);
                } catch (Throwable t) {
                    failures.add(t);
                } finally {
                    done.done();
                }
            });
        }
    }

    @Goroutine
    static void echo(Socket s) throws IOException, InterruptedException {
        try (s) {
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter out = new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
            String line;
            while ((line = in.readLine()) != null) {
                Thread.sleep(300);
                out.println("echo " + line);
            }
        }
    }

    @Goroutine
    static void exchange(SSLSocketFactory factory, int port, int id) throws IOException {
        Socket s = id % 2 == 0 ? factory.createSocket("localhost", port)
                : factory.createSocket(new Socket(LOOPBACK, port), "localhost", port, true);
        try (s) {
            if (!(s instanceof SSLSocket)) {
                throw new AssertionError("not an SSLSocket: " + s);
            }
            PrintWriter out = new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            for (int k = 0; k < LINES; k++) {
                String sent = "hello " + id + " " + k;
                out.println(sent);
                String got = in.readLine();
                if (!("echo " + sent).equals(got)) {
                    throw new AssertionError("goroutine " + id + " read " + got);
                }
            }
        }
    }

    @Test
    void twoHundredGoroutinesInTlsEchoExchangesNeedAtMost64ExtraThreads() throws Exception {
        SSLContext serverContext = TlsContexts.server();
        SSLContext clientContext = TlsContexts.client();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        AtomicInteger right = new AtomicInteger();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        int baseline = mx.getThreadCount();
        mx.resetPeakThreadCount();
        Sched sched = TestRuntimes.withProcs("tls-echo", 4);
        Pins.none(() -> sched.runMain(() -> {
            try {
                SSLServerSocketFactory serverFactory = serverContext.getServerSocketFactory();
                SSLSocketFactory clientFactory = clientContext.getSocketFactory();
                ServerSocket server = serverFactory.createServerSocket(0, CLIENTS, LOOPBACK);
                int port = server.getLocalPort();
                WaitGroup done = new WaitGroup();
                done.add(2 * CLIENTS + 1); // the clients, the acceptor, the server's connections
                Go.go(() -> {
                    try {
                        serve(server, done, failures);
                    } catch (Throwable t) {
                        failures.add(t);
                    } finally {
                        done.done();
                    }
                });
                for (int i = 0; i < CLIENTS; i++) {
                    int id = i;
                    Go.go(() -> {
                        try {
                            exchange(clientFactory, port, id);
                            right.incrementAndGet();
                        } catch (Throwable t) {
                            failures.add(t);
                        } finally {
                            done.done();
                        }
                    });
                }
                done.await();
                server.close();
            } catch (IOException e) {
                failures.add(e);
            }
        }));
        int extra = mx.getPeakThreadCount() - baseline;
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " goroutines failed; the first: " + failures.peek());
            e.initCause(failures.peek());
            throw e;
        }
        assertEquals(CLIENTS, right.get(), "every answer right");
        System.err.println("TlsSocketGoroutinesTest: peak extra threads " + extra + " (loaded machine)");
        assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + CLIENTS
                + " goroutines in TLS exchanges (at most " + MAX_EXTRA_THREADS + ")");
    }
}
