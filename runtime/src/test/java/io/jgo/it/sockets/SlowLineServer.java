package io.jgo.it.sockets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * A slow server on one plain thread (a selector; no goroutines, no thread per connection, so the
 * client's threads can be counted apart from it). Per connection, per request line: after
 * {@code delayMillis}, {@code "hello N"} is answered {@code "echo N\n"} and {@code "bin N"} with the
 * int {@code N * 7} followed by the eight bytes {@code N, N+1, ..., N+7} (low bytes). Answers go out
 * in the order their requests came (one delay queue).
 */
final class SlowLineServer implements AutoCloseable {

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread thread;
    private final long delayNanos;
    private final ArrayDeque<Object[]> due = new ArrayDeque<>(); // {deadline, channel, bytes}
    private volatile boolean closed;

    SlowLineServer(long delayMillis) throws IOException {
        this.delayNanos = delayMillis * 1_000_000L;
        listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        listener.configureBlocking(false);
        selector = Selector.open();
        listener.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::serve, "slow-line-server");
        thread.setDaemon(true);
        thread.start();
    }

    int port() throws IOException {
        return ((InetSocketAddress) listener.getLocalAddress()).getPort();
    }

    static byte[] binaryAnswer(int n) {
        ByteBuffer b = ByteBuffer.allocate(12).putInt(n * 7);
        for (int i = 0; i < 8; i++) {
            b.put((byte) (n + i));
        }
        return b.array();
    }

    private void serve() {
        try {
            while (!closed) {
                long wait = 0;
                if (!due.isEmpty()) {
                    wait = Math.max(1, ((long) due.peekFirst()[0] - System.nanoTime()) / 1_000_000L);
                }
                selector.select(wait);
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey k = it.next();
                    it.remove();
                    if (!k.isValid()) {
                        continue;
                    }
                    if (k.isAcceptable()) {
                        SocketChannel c;
                        while ((c = listener.accept()) != null) {
                            c.configureBlocking(false);
                            c.register(selector, SelectionKey.OP_READ, new StringBuilder());
                        }
                    } else if (k.isReadable()) {
                        readFrom(k);
                    }
                }
                while (!due.isEmpty() && System.nanoTime() - (long) due.peekFirst()[0] >= 0) {
                    Object[] d = due.pollFirst();
                    SocketChannel c = (SocketChannel) d[1];
                    ByteBuffer out = ByteBuffer.wrap((byte[]) d[2]);
                    try {
                        while (out.hasRemaining()) {
                            c.write(out); // a few bytes: the send buffer takes them
                        }
                    } catch (IOException gone) {
                        c.close();
                    }
                }
            }
        } catch (IOException e) {
            if (!closed) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private void readFrom(SelectionKey k) throws IOException {
        SocketChannel c = (SocketChannel) k.channel();
        StringBuilder line = (StringBuilder) k.attachment();
        ByteBuffer in = ByteBuffer.allocate(256);
        int n;
        try {
            n = c.read(in);
        } catch (IOException reset) {
            n = -1;
        }
        if (n < 0) {
            k.cancel();
            c.close();
            return;
        }
        in.flip();
        while (in.hasRemaining()) {
            char ch = (char) in.get();
            if (ch == '\n') {
                answer(c, line.toString().trim());
                line.setLength(0);
            } else {
                line.append(ch);
            }
        }
    }

    private void answer(SocketChannel c, String request) {
        byte[] out;
        if (request.startsWith("hello ")) {
            out = ("echo " + request.substring(6) + "\n").getBytes(StandardCharsets.US_ASCII);
        } else if (request.startsWith("bin ")) {
            out = binaryAnswer(Integer.parseInt(request.substring(4)));
        } else {
            out = ("what? " + request + "\n").getBytes(StandardCharsets.US_ASCII);
        }
        due.addLast(new Object[] {System.nanoTime() + delayNanos, c, out});
    }

    @Override
    public void close() throws IOException {
        closed = true;
        selector.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (SelectionKey k : selector.keys()) {
            k.channel().close();
        }
        selector.close();
    }
}
