package io.jgo.aot;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Goroutines talking through {@code java.net.Socket} streams, for {@link BuildTimeRewriteTest}:
 * rewritten by the build-time CLI, run without the agent. A plain-thread server reads each request
 * line and answers only once every goroutine waits for its answer; prints how many waited parked
 * on the poller (the dump's {@code IO wait} in {@code ChannelCalls.read}) and how many answers were right.
 */
public final class SocketApp {

    private static final int CLIENTS = 50;

    private SocketApp() {
    }

    public static void main(String[] args) throws Exception {
        ServerSocket listener = new ServerSocket(0, CLIENTS * 2, InetAddress.getLoopbackAddress());
        int port = listener.getLocalPort();
        CountDownLatch answer = new CountDownLatch(1);
        Thread server = new Thread(() -> serve(listener, answer), "socket-app-server");
        server.setDaemon(true);
        server.start();
        AtomicInteger right = new AtomicInteger();
        int[] parked = new int[1];
        Go.run(() -> {
            WaitGroup done = new WaitGroup();
            done.add(CLIENTS);
            for (int i = 0; i < CLIENTS; i++) {
                int id = i;
                Go.go(() -> {
                    if (exchange(port, id)) {
                        right.incrementAndGet();
                    }
                    done.done();
                });
            }
            long until = System.nanoTime() + 30_000_000_000L;
            while (parked[0] < CLIENTS && System.nanoTime() < until) {
                Go.sleep(Duration.ofMillis(5));
                parked[0] = Go.dumpGoroutines().split("ChannelCalls.read", -1).length - 1;
            }
            answer.countDown();
            done.await();
        });
        System.out.println("parked=" + parked[0] + " right=" + right.get());
        listener.close();
    }

    @Goroutine
    static boolean exchange(int port, int id) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            PrintWriter out = new PrintWriter(s.getOutputStream(), true);
            InputStream in = s.getInputStream();
            out.println("hello " + id);
            String line = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
            out.println("more");
            int n = new DataInputStream(in).readInt();
            return ("echo " + id).equals(line) && n == id * 3;
        } catch (IOException e) {
            return false;
        }
    }

    private static void serve(ServerSocket listener, CountDownLatch answer) {
        try {
            Socket[] peers = new Socket[CLIENTS];
            int[] ids = new int[CLIENTS];
            BufferedReader[] readers = new BufferedReader[CLIENTS];
            for (int i = 0; i < CLIENTS; i++) {
                peers[i] = listener.accept();
                readers[i] = new BufferedReader(new InputStreamReader(peers[i].getInputStream(), StandardCharsets.UTF_8));
                ids[i] = Integer.parseInt(readers[i].readLine().substring(6));
            }
            answer.await();
            for (int i = 0; i < CLIENTS; i++) {
                peers[i].getOutputStream().write(("echo " + ids[i] + "\n").getBytes(StandardCharsets.UTF_8));
            }
            for (int i = 0; i < CLIENTS; i++) {
                readers[i].readLine();
                new DataOutputStream(peers[i].getOutputStream()).writeInt(ids[i] * 3);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
