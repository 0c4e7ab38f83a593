package io.jgo.it.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.testing.Await;
import io.jgo.testing.Dumps;
import io.jgo.testing.Pins;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine's TLS socket (jgo's, from the factory rewritten code gets) next to a thread's
 * {@code SSLSocket} from the JDK's own factory, against the same peer (a plain thread with the JDK's
 * {@code SSLServerSocket}): the same outcome for an untrusted certificate
 * ({@code SSLHandshakeException}, the socket closed), a {@code soTimeout} ({@code SocketTimeoutException},
 * the socket still usable), the peer's close ({@code null}, then {@code -1}), and the session; and a
 * close from another goroutine wakes a read parked on the poller ({@code IO wait}, no pin).
 */
@Timeout(120)
class TlsSocketBehaviourTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    /** One client's part of a scenario; its outcome as a string. */
    @FunctionalInterface
    interface Client {
        @Goroutine
        String run(SSLSocketFactory factory, int port) throws Exception;
    }

    /** The peer's part, on a plain thread, over the JDK's accepted socket. */
    @FunctionalInterface
    interface Peer {
        void serve(SSLSocket accepted) throws Exception;
    }

    /** The JDK's own factory: a reflective call, which the rewrite does not redirect. */
    static SSLSocketFactory jdkFactory(SSLContext ctx) throws ReflectiveOperationException {
        return (SSLSocketFactory) SSLContext.class.getMethod("getSocketFactory").invoke(ctx);
    }

    /** Runs {@code client} in a goroutine with jgo's factory ({@code jgo}) or in this thread with the JDK's. */
    static String scenario(boolean jgo, SSLContext serverContext, Peer peer, Client client) throws Exception {
        Object jdkServerFactory = SSLContext.class.getMethod("getServerSocketFactory").invoke(serverContext);
        try (SSLServerSocket listener = (SSLServerSocket) ((javax.net.ServerSocketFactory) jdkServerFactory)
                .createServerSocket(0, 50, LOOPBACK)) {
            AtomicReference<Throwable> peerFailure = new AtomicReference<>();
            Thread peerThread = new Thread(() -> {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                    peer.serve(s);
                } catch (Exception e) {
                    peerFailure.set(e);
                }
            });
            peerThread.start();
            SSLContext clientContext = TlsContexts.client();
            AtomicReference<String> outcome = new AtomicReference<>();
            if (jgo) {
                Pins.none(() -> SocketBody.run("tls-behaviour", 4,
                        () -> outcome.set(client.run(clientContext.getSocketFactory(), listener.getLocalPort()))));
            } else {
                outcome.set(client.run(jdkFactory(clientContext), listener.getLocalPort()));
            }
            peerThread.join();
            return outcome.get();
        }
    }

    @Goroutine
    static String readLine(Socket s) throws IOException {
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
    }

    @Goroutine
    static String handshakeOutcome(SSLSocketFactory f, int port) throws IOException {
        SSLSocket s = (SSLSocket) f.createSocket("localhost", port);
        try {
            s.startHandshake();
            return "handshake made with " + s.getSession().getPeerPrincipal();
        } catch (IOException e) {
            return e.getClass().getName() + ", closed " + s.isClosed();
        } finally {
            s.close();
        }
    }

    @Test
    void anUntrustedCertificateFailsTheHandshakeAsTheJdksSocketDoes() throws Exception {
        Peer peer = s -> {
            try {
                s.startHandshake();
            } catch (IOException expected) {
                // the client refuses the certificate
            }
        };
        String jdk = scenario(false, TlsContexts.untrustedServer(), peer, TlsSocketBehaviourTest::handshakeOutcome);
        String mine = scenario(true, TlsContexts.untrustedServer(), peer, TlsSocketBehaviourTest::handshakeOutcome);
        assertEquals("javax.net.ssl.SSLHandshakeException, closed true", jdk);
        assertEquals(jdk, mine);
    }

    @Goroutine
    static String sessionOutcome(SSLSocketFactory f, int port) throws IOException {
        try (SSLSocket s = (SSLSocket) f.createSocket(LOOPBACK, port)) {
            String line = readLine(s);
            return line + ", " + s.getSession().getProtocol() + ", " + s.getSession().getPeerPrincipal().getName()
                    + ", client mode " + s.getUseClientMode() + ", channel " + s.getChannel();
        }
    }

    @Test
    void theSessionIsTheJdksOne() throws Exception {
        Peer peer = s -> {
            s.getOutputStream().write("hi\n".getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            s.getInputStream().read(); // until the client closes
        };
        String jdk = scenario(false, TlsContexts.server(), peer, TlsSocketBehaviourTest::sessionOutcome);
        String mine = scenario(true, TlsContexts.server(), peer, TlsSocketBehaviourTest::sessionOutcome);
        assertEquals("hi, TLSv1.3, CN=localhost, client mode true, channel null", jdk);
        assertEquals(jdk, mine);
    }

    @Goroutine
    static String timeoutOutcome(SSLSocketFactory f, int port, CountDownLatch timedOut) throws IOException {
        try (SSLSocket s = (SSLSocket) f.createSocket("localhost", port)) {
            s.setSoTimeout(200);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String first;
            try {
                first = "read " + in.readLine();
            } catch (java.net.SocketTimeoutException e) {
                first = e.getClass().getSimpleName() + " " + e.getMessage();
            }
            timedOut.countDown();
            s.setSoTimeout(0);
            return first + ", then " + in.readLine() + ", closed " + s.isClosed();
        }
    }

    @Test
    void aTimedReadEndsWithSocketTimeoutExceptionAndTheSocketStaysUsable() throws Exception {
        String[] outcomes = new String[2];
        for (int i = 0; i < 2; i++) {
            CountDownLatch timedOut = new CountDownLatch(1);
            Peer peer = s -> {
                s.startHandshake();
                timedOut.await();
                s.getOutputStream().write("late\n".getBytes(StandardCharsets.UTF_8));
                s.getOutputStream().flush();
                s.getInputStream().read();
            };
            outcomes[i] = scenario(i == 1, TlsContexts.server(), peer, (f, port) -> timeoutOutcome(f, port, timedOut));
        }
        assertEquals("SocketTimeoutException Read timed out, then late, closed false", outcomes[0]);
        assertEquals(outcomes[0], outcomes[1]);
    }

    @Goroutine
    static String endOutcome(SSLSocketFactory f, int port) throws IOException {
        try (SSLSocket s = (SSLSocket) f.createSocket("localhost", port)) {
            InputStream raw = s.getInputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8));
            String bye = in.readLine();
            String end = in.readLine();
            return bye + ", " + end + ", " + raw.read();
        }
    }

    @Test
    void thePeersCloseIsTheEndOfStream() throws Exception {
        Peer peer = s -> {
            OutputStream out = s.getOutputStream();
            out.write("bye\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            s.close(); // close_notify
        };
        String jdk = scenario(false, TlsContexts.server(), peer, TlsSocketBehaviourTest::endOutcome);
        String mine = scenario(true, TlsContexts.server(), peer, TlsSocketBehaviourTest::endOutcome);
        assertEquals("bye, null, -1", jdk);
        assertEquals(jdk, mine);
    }

    @Goroutine
    static Object closedWhileReading(SSLSocketFactory f, int port) throws IOException {
        SSLSocket s = (SSLSocket) f.createSocket("localhost", port);
        s.startHandshake();
        Chan<Object> done = Chan.make(1);
        Go.go(() -> {
            try {
                done.send(String.valueOf(readLine(s)));
            } catch (IOException e) {
                done.send(e);
            }
        });
        Await.dumpShows("the TLS read in IO wait", d -> Dumps.parkedIn(d, "IO wait", "ChannelCalls.read") == 1);
        Go.go(() -> {
            try {
                s.close();
            } catch (IOException e) {
                done.send(e);
            }
        });
        return done.recv();
    }

    @Test
    void aCloseFromAnotherGoroutineWakesAParkedRead() throws Exception {
        CountDownLatch sawClose = new CountDownLatch(1);
        CountDownLatch woken = new CountDownLatch(1);
        Peer peer = s -> {
            s.startHandshake();
            assertEquals(-1, s.getInputStream().read(), "the peer sees the close_notify");
            sawClose.countDown();
            woken.await(); // no close_notify back before the reader has woken
        };
        AtomicReference<Object> got = new AtomicReference<>();
        scenario(true, TlsContexts.server(), peer, (f, port) -> {
            try {
                got.set(closedWhileReading(f, port));
            } finally {
                woken.countDown();
            }
            return "";
        });
        assertEquals(0, sawClose.getCount(), "the close sent close_notify");
        Object e = got.get();
        assertEquals(java.net.SocketException.class, e.getClass(), String.valueOf(e));
        assertEquals("Socket closed", ((Exception) e).getMessage());
    }
}
