/**
 * A small HTTP/1.1 server on {@code io.jgo.net}, in the style of Go's {@code net/http}: one
 * goroutine per connection that parks in {@code Conn.read} between requests (keep-alive costs no
 * thread), a {@link io.jgo.samples.http.Handler} per request, {@code Content-Length} or chunked
 * responses chosen as Go chooses them, and graceful shutdown when a {@link io.jgo.Context} ends.
 *
 * <p>Threads: each connection's objects ({@code ServerConn}, its {@code RequestReader}, each
 * {@code Response}) are used by that connection's goroutine alone; {@code HttpServer}'s shared
 * state (the live set, the counters, the shutdown flag) is concurrent, with the one race that
 * matters (a connection going idle while the server shuts down) written out in {@code ServerConn}.
 *
 * <p>Left out on purpose (it is a sample): chunked request bodies (refused with 501), {@code
 * Expect: 100-continue}, trailers, TLS, HTTP/2, request timeouts.
 */
package io.jgo.samples.http;
