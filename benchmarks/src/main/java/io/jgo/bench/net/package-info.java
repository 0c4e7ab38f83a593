/**
 * The network comparison: echo and HTTP servers on jgo ({@code io.jgo.net}, the sample HTTP
 * server), Loom (a virtual thread per connection on blocking sockets; the JDK's
 * {@code com.sun.net.httpserver} on virtual threads), Netty 4.2 (NIO and epoll) and platform
 * threads, each in a fresh JVM ({@link io.jgo.bench.net.NetServer}), driven by one NIO load
 * generator in a JVM of its own ({@link io.jgo.bench.net.LoadGen}) that checks every byte it gets
 * back; {@link io.jgo.bench.net.NetCompare} runs the matrix and prints the table.
 *
 * <p>Threads: the harness talks to its children from its main thread (a daemon thread per child
 * drains its stdout into a queue); each load-generator worker owns its selector and connections,
 * and shares only the volatile {@code recording}/{@code stop} flags with the main thread.
 */
package io.jgo.bench.net;
