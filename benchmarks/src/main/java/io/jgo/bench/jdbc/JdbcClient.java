package io.jgo.bench.jdbc;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.bench.clients.RuntimePins;
import io.jgo.bench.clients.ThreadPeak;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client JVM of the JDBC comparison: {@code CLIENTS} sessions, each opening its own connection
 * and running {@code QUERIES} point queries whose rows it checks, on goroutines ({@code jgo}),
 * virtual threads ({@code loom}) or a pool of platform threads ({@code pool:N}). Prints one line,
 * {@code RESULT millis=.. peakThreads=.. baseline=.. right=.. wrong=.. pins=..}: the wall time of
 * the sessions, the most live threads a sampler saw during them above the count before them (the
 * JVM's own peak is reported too), and for jgo the pins the runtime counted.
 *
 * <p>Arguments: {@code MODE URL USER PASSWORD CLIENTS QUERIES [setup]} ({@code PASSWORD} {@code -}:
 * none); {@code setup} first creates and fills the table (the harness runs it once per database,
 * on a plain thread). One untimed session first loads (for jgo: rewrites) the driver's classes.
 *
 * <p>The sessions reach the driver through {@code java.sql} interfaces, as applications do
 * ({@code Driver.connect}, not {@code DriverManager.getConnection}, whose JDK frames would sit
 * between the goroutine and the driver).
 */
public final class JdbcClient {

    static final int ROWS = 1_000;
    private static final String QUERY = "SELECT name FROM item WHERE id = ?";

    private JdbcClient() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: JdbcClient jgo|loom|pool:N URL USER PASSWORD CLIENTS QUERIES [setup]");
            System.exit(2);
        }
        String mode = args[0];
        String url = args[1];
        Properties props = new Properties();
        props.setProperty("user", args[2]);
        props.setProperty("password", args[3].equals("-") ? "" : args[3]); // "-": none
        int clients = Integer.parseInt(args[4]);
        int queries = Integer.parseInt(args[5]);
        Driver driver = DriverManager.getDriver(url);
        if (args.length > 6 && args[6].equals("setup")) {
            setup(driver, url, props);
        }
        warmUp(mode, driver, url, props, queries);
        Tally tally = new Tally();
        ThreadPeak peak = new ThreadPeak();
        peak.start();
        long start = System.nanoTime();
        long pins = -1;
        if (mode.equals("jgo")) {
            long[] counted = {-1};
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(clients);
                for (int i = 0; i < clients; i++) {
                    int client = i;
                    Go.go(() -> {
                        tally.session(driver, url, props, client, queries);
                        wg.done();
                    });
                }
                wg.await();
                counted[0] = RuntimePins.count();
            });
            pins = counted[0];
        } else {
            ExecutorService ex = mode.equals("loom") ? Executors.newVirtualThreadPerTaskExecutor()
                    : Executors.newFixedThreadPool(Integer.parseInt(mode.substring(mode.indexOf(':') + 1)));
            for (int i = 0; i < clients; i++) {
                int client = i;
                ex.execute(() -> tally.session(driver, url, props, client, queries));
            }
            ex.shutdown();
            if (!ex.awaitTermination(30, TimeUnit.MINUTES)) {
                throw new IllegalStateException("sessions still running after 30 minutes");
            }
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        peak.stop();
        for (String w : tally.wrong.stream().limit(5).toList()) {
            System.err.println("wrong: " + w);
        }
        System.out.println("RESULT millis=" + millis + " peakThreads=" + peak.peakAbove + " baseline=" + peak.baseline
                + " jvmPeak=" + peak.jvmPeak + " right=" + tally.right.get() + " wrong=" + tally.wrong.size() + " pins=" + pins);
    }

    /**
     * One session, untimed, where the timed ones will run (a goroutine, a virtual thread, a pool
     * thread): the driver's classes are loaded (and, for jgo, rewritten by the agent) before the clock
     * starts. Its rows are checked too.
     */
    private static void warmUp(String mode, Driver driver, String url, Properties props, int queries) throws Exception {
        Tally warm = new Tally();
        if (mode.equals("jgo")) {
            Go.run(() -> warm.session(driver, url, props, 0, queries));
        } else {
            Thread t = mode.equals("loom") ? Thread.ofVirtual().unstarted(() -> warm.session(driver, url, props, 0, queries))
                    : new Thread(() -> warm.session(driver, url, props, 0, queries));
            t.start();
            t.join();
        }
        if (!warm.wrong.isEmpty()) {
            throw new IllegalStateException("the warm-up session failed: " + warm.wrong);
        }
    }

    /** The table every session reads: ROWS rows {@code (id, 'item-' || id)}. */
    private static void setup(Driver driver, String url, Properties props) throws SQLException {
        try (Connection c = driver.connect(url, props); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS item");
            s.execute("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO item (id, name) VALUES (?, ?)")) {
                for (int id = 0; id < ROWS; id++) {
                    ins.setInt(1, id);
                    ins.setString(2, "item-" + id);
                    ins.addBatch();
                }
                ins.executeBatch();
            }
        }
    }

    /** The sessions' outcome; shared by every session (atomic counter, concurrent queue). */
    static final class Tally {
        final AtomicInteger right = new AtomicInteger();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();

        /** One session: a connection of its own, {@code queries} point queries, each row checked. */
        @Goroutine
        void session(Driver driver, String url, Properties props, int client, int queries) {
            try (Connection c = driver.connect(url, props); PreparedStatement ps = c.prepareStatement(QUERY)) {
                for (int q = 0; q < queries; q++) {
                    int id = (client * 31 + q * 7) % ROWS;
                    ps.setInt(1, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        String name = rs.next() ? rs.getString(1) : null;
                        if (!("item-" + id).equals(name) || rs.next()) {
                            wrong.add("client " + client + " query " + q + ": id " + id + " gave " + name);
                            continue;
                        }
                    }
                    right.incrementAndGet();
                }
            } catch (SQLException | RuntimeException e) {
                Throwable root = e;
                while (root.getCause() != null && root.getCause() != root) {
                    root = root.getCause();
                }
                wrong.add("client " + client + ": " + e + (root == e ? "" : " (at the root: " + root + ")"));
            }
        }
    }
}
