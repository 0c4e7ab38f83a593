package io.jgo.internal.callback;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.blocking.Futures;
import java.io.IOException;
import java.lang.ref.Reference;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * What rewritten code calls instead of {@code HttpClient.send(request, handler)} (the
 * instrumenter's {@code BlockingCalls} substitutes the call site; the receiver becomes the first
 * argument). The JDK's synchronous {@code send} waits for a {@code CompletableFuture} inside the
 * JDK's own frames, which no rewrite reaches: a goroutine there holds its carrier for the whole
 * exchange. Here a goroutine calling the JDK's client starts the exchange with {@code sendAsync}
 * and waits for its future with {@link Futures#get(java.util.concurrent.Future)}, which parks it
 * until the future completes; the carrier runs other goroutines meanwhile.
 *
 * <p>What the caller sees is the JDK's {@code send}'s: an interrupt pending at the call throws
 * {@code InterruptedException} before anything is sent; an interrupt during the wait cancels the
 * exchange and throws {@code InterruptedException}; a failed exchange is thrown as {@code send}
 * throws it ({@link #asSendThrows}), not as an {@code ExecutionException}. Exceptions that
 * {@code sendAsync} throws itself (a null argument, a {@code CONNECT} request) are the same in both.
 *
 * <p>On a plain thread, and for an {@code HttpClient} that is not the JDK's (a user's subclass,
 * whose {@code send} may do anything), the receiver's own {@code send} is called.
 *
 * <p>Threads: the JDK's {@code sendAsync} (unlike {@code send}) runs the exchange on the client's
 * executor and completes the returned future on {@code CompletableFuture}'s default executor (the
 * common pool; with a common-pool parallelism below 2, a new thread per completion): those are the
 * JDK's threads, short-lived, not one held per waiting goroutine.
 */
public final class HttpClientCalls {

    /** The package of the JDK's implementation ({@code HttpClientFacade}), whose {@code send} is known. */
    private static final String JDK_CLIENT_PACKAGE = "jdk.internal.net.http.";

    private HttpClientCalls() {
    }

    /** {@code client.send(request, handler)}: in a goroutine, parks until the response (or failure) is in. */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static HttpResponse send(HttpClient client, HttpRequest request, HttpResponse.BodyHandler handler)
            throws IOException, InterruptedException {
        if (client == null || !Stack.current().isGoroutine() || !client.getClass().getName().startsWith(JDK_CLIENT_PACKAGE)) {
            return ownSend(client, request, handler); // a null client: the NullPointerException of the call
        }
        if (Thread.interrupted()) { // as send: an interrupted caller sends nothing
            throw new InterruptedException();
        }
        CompletableFuture<HttpResponse> exchange = client.sendAsync(request, handler);
        try {
            return (HttpResponse) Futures.get(exchange);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw asSendThrows(e.getCause());
        } finally {
            // The JDK's facade keeps itself reachable until send returns: its client shuts down once
            // the facade is collected. The parked frame keeps it too (a live local across the wait).
            Reference.reachabilityFence(client);
        }
    }

    /** The receiver's own {@code send}; not {@code @Goroutine}, so the rewrite never redirects this call to {@link #send}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static HttpResponse ownSend(HttpClient client, HttpRequest request, HttpResponse.BodyHandler handler)
            throws IOException, InterruptedException {
        return client.send(request, handler);
    }

    /**
     * The exception the JDK's {@code send} throws for an exchange that failed with {@code cause}
     * (its rules, JDK 17 to 25): the same type where {@code send} keeps it (with {@code cause} as
     * the cause, but for a request timeout, which {@code send} throws without one), a plain
     * {@code SSLException} for any other SSL failure, and an {@code IOException} for the rest.
     * Unchecked: thrown by the caller; an {@code IOException} is returned for it to throw.
     */
    static IOException asSendThrows(Throwable cause) {
        String message = cause.getMessage();
        if (cause instanceof IllegalArgumentException) {
            throw new IllegalArgumentException(message, cause);
        }
        if (cause instanceof SecurityException) {
            throw new SecurityException(message, cause);
        }
        IOException thrown;
        if (cause instanceof HttpConnectTimeoutException) { // before its supertype HttpTimeoutException
            thrown = new HttpConnectTimeoutException(message);
        } else if (cause instanceof HttpTimeoutException) {
            return new HttpTimeoutException(message); // no cause, as send throws it
        } else if (cause instanceof ConnectException) {
            thrown = new ConnectException(message);
        } else if (cause instanceof SSLHandshakeException) { // before its supertype SSLException
            thrown = new SSLHandshakeException(message);
        } else if (cause instanceof SSLException) {
            thrown = new SSLException(message);
        } else if (cause instanceof ProtocolException) {
            thrown = new ProtocolException(message);
        } else {
            thrown = new IOException(message);
        }
        thrown.initCause(cause);
        return thrown;
    }
}
