package io.jgo.samples.http;

import io.jgo.Goroutine;
import java.io.IOException;

/**
 * Serves one request (Go's {@code http.Handler}): reads {@link Request}, writes {@link Response}.
 * Called on the connection's goroutine, one request at a time per connection; it may park (read
 * other sockets, receive from channels, sleep) without holding a thread.
 */
@FunctionalInterface
public interface Handler {

    @Goroutine
    void serve(Request request, Response response) throws IOException;
}
