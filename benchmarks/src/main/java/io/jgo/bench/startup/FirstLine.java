package io.jgo.bench.startup;

import java.lang.management.ManagementFactory;

/**
 * Prints a program's first line and, when the program was given {@link #ASK_UPTIME}, then the
 * JVM's uptime at the moment that line was printed, on a line of its own ({@link #UPTIME} and
 * milliseconds) that the harness reads. The uptime is {@code RuntimeMXBean.getUptime()}, whose clock
 * starts when the VM initialises (after the launcher has loaded it); the management classes are
 * loaded only after the first line is out, and the time that takes is subtracted. Loading them
 * still delays the exit, which is why the harness times the exit in runs that do not ask.
 */
public final class FirstLine {

    /** The program argument that asks for the uptime line. */
    public static final String ASK_UPTIME = "--uptime";
    /** Starts the line that carries the uptime, in milliseconds. */
    public static final String UPTIME = "jgo-bench-startup-uptime-ms ";

    private FirstLine() {
    }

    public static void print(String line, String[] args) {
        System.out.println(line); // System.out flushes at every line
        if (args.length == 0 || !args[0].equals(ASK_UPTIME)) {
            return;
        }
        long printed = System.nanoTime();
        long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
        long since = (System.nanoTime() - printed) / 1_000_000;
        System.out.println(UPTIME + (uptime - since));
    }
}
