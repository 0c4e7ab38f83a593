package io.jgo.bench.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link WrkOutput} reads wrk 4's report as wrk prints it, error lines or not. */
class WrkOutputTest {

    private static final String CLEAN = "Running 5s test @ http://127.0.0.1:40000/plaintext\n"
            + "  2 threads and 100 connections\n"
            + "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
            + "    Latency     1.21ms    2.02ms  40.11ms   93.10%\n"
            + "    Req/Sec    52.31k     4.20k   60.02k    71.00%\n"
            + "  Latency Distribution\n"
            + "     50%  635.91us\n"
            + "     75%    1.23ms\n"
            + "     90%    2.31ms\n"
            + "     99%    5.43ms\n"
            + "  520712 requests in 5.00s, 47.17MB read\n"
            + "Requests/sec: 104112.37\n"
            + "Transfer/sec:      9.43MB\n"
            + "\n";

    @Test
    void readsRateLatencyAndRequests() {
        WrkOutput w = WrkOutput.parse(CLEAN);
        assertEquals(104112.37, w.rps(), 1e-6);
        assertEquals(635.91, w.p50us(), 1e-6);
        assertEquals(5430.0, w.p99us(), 1e-6);
        assertEquals(520712, w.requests());
        assertEquals(0, w.errors());
    }

    @Test
    void countsSocketErrorsTimeoutsAndNon2xx() {
        String withErrors = CLEAN.replace("Requests/sec:", "  Socket errors: connect 1, read 12, write 0, timeout 3\n"
                + "  Non-2xx or 3xx responses: 5\n"
                + "Requests/sec:").replace("99%    5.43ms", "99%    1.02s");
        WrkOutput w = WrkOutput.parse(withErrors);
        assertEquals(16, w.socketErrors());
        assertEquals(5, w.non2xx());
        assertEquals(21, w.errors());
        assertEquals(1_020_000.0, w.p99us(), 1e-6);
    }

    @Test
    void saysWhatIsMissing() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WrkOutput.parse("unable to connect to 127.0.0.1:1"));
        assertTrue(e.getMessage().contains("Requests/sec"), e.getMessage());
        IllegalArgumentException noLatency = assertThrows(IllegalArgumentException.class,
                () -> WrkOutput.parse(CLEAN.replaceAll("(?m)^\\s+\\d+%.*\\n", "")));
        assertTrue(noLatency.getMessage().contains("--latency"), noLatency.getMessage());
    }
}
