package io.jgo.internal.observe;

import io.jgo.Chan;
import io.jgo.Go;
import java.io.IOException;

/**
 * The forked program of {@link DumpOnSignalTest}: {@code start} runs an empty {@code Go.run};
 * {@code wait} parks a goroutine on a channel receive, says "parked" on stdout, and waits for a
 * line on stdin (the parent sends the signal meanwhile). Not rewritten, so the receive pins.
 */
public final class SignalDumpApp {

    private SignalDumpApp() {
    }

    public static void main(String[] args) {
        if (args[0].equals("start")) {
            Go.run(() -> { });
            return;
        }
        Go.run(() -> {
            Chan<String> never = Chan.make();
            Go.go(() -> never.recv());
            while (!Go.dumpGoroutines().contains("[chan receive")) {
                Thread.onSpinWait();
            }
            System.out.println("parked");
            System.out.flush();
            try {
                System.in.read();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            never.close();
        });
    }
}
