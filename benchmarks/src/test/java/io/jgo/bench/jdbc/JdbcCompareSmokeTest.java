package io.jgo.bench.jdbc;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The JDBC comparison at the smallest size, so a broken harness fails the build: H2's TCP server in
 * its own JVM, then 20 sessions of 3 queries on goroutines (with the agent and
 * {@code suspendable=org.h2:org.postgresql}), virtual threads and 4 platform threads, each in a
 * fresh client JVM; every row is checked there, and {@link JdbcCompare} throws when one is wrong or
 * missing.
 */
@Timeout(300)
@Tag("heavy")
class JdbcCompareSmokeTest {

    @Test
    void everyClientGetsEveryRowRightFromH2() throws Exception {
        JdbcCompare.main(new String[] {"--db", "h2", "--clients", "20", "--queries", "3", "--pool", "4"});
    }
}
