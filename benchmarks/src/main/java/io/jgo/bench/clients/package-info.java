/**
 * Real client libraries nobody here wrote, from a thousand sessions on goroutines, virtual threads
 * or a thread pool, each kind in a fresh client JVM: what they share. {@link io.jgo.bench.clients.ClientJvm}
 * runs one client JVM to the {@code RESULT} line it prints; in a client,
 * {@link io.jgo.bench.clients.ThreadPeak} samples the JVM's live threads and
 * {@link io.jgo.bench.clients.RuntimePins} reads the pins the jgo runtimes counted. The HTTP client
 * comparison lives here too ({@link io.jgo.bench.clients.HttpClientCompare}: the JDK's
 * {@code HttpClient.send} against a server in a JVM of its own, {@link io.jgo.bench.clients.DelayServer});
 * the JDBC one in {@code io.jgo.bench.jdbc}.
 *
 * <p>Threads: a harness runs its children one at a time from its main thread. In a client, the
 * sessions share only their tally (an atomic counter and a concurrent queue); a daemon sampler
 * reads the JVM's thread count.
 */
package io.jgo.bench.clients;
