package io.jgo.testing;

/**
 * Reading a goroutine dump ({@code Go.dumpGoroutines()}) in tests: a frame's name alone is seen
 * while its goroutine still runs on the way to its park, so a test that acts once "the reader is in
 * Conn.read" must also see the wait reason in the same goroutine's header, or it races the park.
 */
public final class Dumps {

    private Dumps() {
    }

    /**
     * How many goroutines of {@code dump} wait for {@code reason} (e.g. {@code "IO wait"}: the
     * header's {@code [IO wait} or {@code [IO wait, 2 minutes}) with {@code frame} among their frames.
     */
    public static int parkedIn(String dump, String reason, String frame) {
        int n = 0;
        for (String g : dump.split("\n\n")) {
            int header = g.indexOf('\n');
            String first = header < 0 ? g : g.substring(0, header);
            if (first.contains("[" + reason) && g.contains(frame)) {
                n++;
            }
        }
        return n;
    }
}
