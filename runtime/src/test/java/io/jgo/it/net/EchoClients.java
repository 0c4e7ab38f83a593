package io.jgo.it.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * The clients of {@link EchoTest} in a JVM of their own, so that the test's JVM holds only the
 * server's end of each connection (10,000 connections need 20,000 descriptors when both ends live
 * in one JVM; the hard limit here is 20,000). Plain blocking NIO, no jgo: this JVM is started
 * without the agent.
 *
 * <p>Protocol on stdout/stdin: opens {@code conns} connections to {@code port} on loopback and
 * makes round 0 on each (all written first, then all read back, so the server has them all in
 * flight at once), then prints {@code IDLE n} and waits for a line on stdin; then round 1 the same
 * way, prints {@code DONE bytes} (bytes echoed and checked), closes everything and exits 0. Any
 * failure: a message on stderr and exit 1. Every byte is {@link #expected}.
 */
public final class EchoClients {

    static final String IDLE = "IDLE ";
    static final String DONE = "DONE ";

    private EchoClients() {
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        int conns = Integer.parseInt(args[1]);
        int msg = Integer.parseInt(args[2]);
        InetSocketAddress server = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        SocketChannel[] cs = new SocketChannel[conns];
        try {
            for (int i = 0; i < conns; i++) {
                cs[i] = SocketChannel.open(server);
                cs[i].setOption(StandardSocketOptions.TCP_NODELAY, true);
                write(cs[i], i, 0, msg);
            }
            long checked = readAll(cs, 0, msg);
            System.out.println(IDLE + conns);
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine();
            for (int i = 0; i < conns; i++) {
                write(cs[i], i, 1, msg);
            }
            checked += readAll(cs, 1, msg);
            System.out.println(DONE + checked);
            System.out.flush();
        } catch (IOException | RuntimeException | AssertionError e) {
            e.printStackTrace();
            System.exit(1);
        } finally {
            for (SocketChannel c : cs) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }

    /** Byte {@code k} of connection {@code id}'s message in {@code round}: unique enough that a crossed or stale echo shows. */
    static byte expected(int id, int round, int k) {
        return (byte) (id * 31 + round * 7 + k);
    }

    private static void write(SocketChannel c, int id, int round, int msg) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(msg);
        for (int k = 0; k < msg; k++) {
            out.put(expected(id, round, k));
        }
        out.flip();
        while (out.hasRemaining()) {
            c.write(out);
        }
    }

    /** Reads round {@code round}'s echo from every connection, checking each byte; the bytes checked. */
    private static long readAll(SocketChannel[] cs, int round, int msg) throws IOException {
        ByteBuffer in = ByteBuffer.allocate(msg);
        for (int id = 0; id < cs.length; id++) {
            in.clear();
            while (in.hasRemaining()) {
                if (cs[id].read(in) < 0) {
                    throw new AssertionError("connection " + id + ": end of stream in round " + round);
                }
            }
            for (int k = 0; k < msg; k++) {
                if (in.get(k) != expected(id, round, k)) {
                    throw new AssertionError("connection " + id + ", round " + round + ": byte " + k);
                }
            }
        }
        return (long) cs.length * msg;
    }
}
