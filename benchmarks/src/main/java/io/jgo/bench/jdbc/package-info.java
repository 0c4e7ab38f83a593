/**
 * The JDBC comparison: real drivers (H2's, PostgreSQL's) nobody here wrote, over TCP to a database
 * server in a process of its own ({@link io.jgo.bench.jdbc.DbServer}), from a thousand sessions on
 * goroutines, virtual threads or a thread pool, each in a fresh client JVM
 * ({@link io.jgo.bench.jdbc.JdbcClient}); {@link io.jgo.bench.jdbc.JdbcCompare} runs them and prints
 * time and peak client threads side by side.
 *
 * <p>Threads: the harness runs its children one at a time from its main thread. In a client, the
 * sessions share only their tally (an atomic counter and a concurrent queue); a daemon sampler
 * reads the JVM's thread count.
 */
package io.jgo.bench.jdbc;
