package io.jgo.bench.net;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one {@code wrk --latency} run printed, parsed: requests per second, the p50 and p99 of its
 * latency distribution (µs), the requests it made, and its errors (socket errors of every kind,
 * timeouts included, plus responses that were not 2xx or 3xx). wrk 4's report:
 * <pre>
 *   Latency Distribution
 *      50%  635.91us
 *      99%    5.43ms
 *   123456 requests in 10.00s, 14.2MB read
 *   Socket errors: connect 0, read 12, write 0, timeout 3
 *   Non-2xx or 3xx responses: 5
 * Requests/sec:  12345.67
 * </pre>
 * The two error lines appear only when there were such errors.
 */
record WrkOutput(double rps, double p50us, double p99us, long requests, long socketErrors, long non2xx) {

    private static final Pattern RPS = Pattern.compile("(?m)^Requests/sec:\\s+([0-9.]+)");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^\\s*([0-9]+) requests in ");
    private static final Pattern SOCKET = Pattern.compile(
            "Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: ([0-9]+)");

    /** Every error wrk counted. */
    long errors() {
        return socketErrors + non2xx;
    }

    /** Parses wrk's whole stdout; a clear error naming what is missing when it is not a {@code --latency} report. */
    static WrkOutput parse(String text) {
        Matcher rps = RPS.matcher(text);
        Matcher requests = REQUESTS.matcher(text);
        if (!rps.find() || !requests.find()) {
            throw new IllegalArgumentException("wrk's output has no 'Requests/sec:' or 'N requests in' line"
                    + " (was it a wrk 4 run that finished?): " + text.strip());
        }
        long socket = 0;
        Matcher s = SOCKET.matcher(text);
        if (s.find()) {
            for (int i = 1; i <= 4; i++) {
                socket += Long.parseLong(s.group(i));
            }
        }
        Matcher n = NON_2XX.matcher(text);
        long non2xx = n.find() ? Long.parseLong(n.group(1)) : 0;
        return new WrkOutput(Double.parseDouble(rps.group(1)), percentile(text, "50"), percentile(text, "99"),
                Long.parseLong(requests.group(1)), socket, non2xx);
    }

    /** The {@code pct}% line of the latency distribution, in µs (wrk prints us, ms, s, m or h). */
    private static double percentile(String text, String pct) {
        Matcher m = Pattern.compile("(?m)^\\s*" + pct + "%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$").matcher(text);
        if (!m.find()) {
            throw new IllegalArgumentException("wrk's output has no " + pct + "% latency line: run it with --latency");
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> v;
            case "ms" -> v * 1e3;
            case "s" -> v * 1e6;
            case "m" -> v * 60e6;
            default -> v * 3600e6;
        };
    }
}
