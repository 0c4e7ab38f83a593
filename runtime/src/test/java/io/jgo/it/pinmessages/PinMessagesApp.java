package io.jgo.it.pinmessages;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.Objects;

/**
 * Pins whose warnings must give a fix the user can apply, for {@code PinMessagesTest} (a fresh JVM
 * each): {@code unrewritten} (run without the agent: an annotated method in a class nobody
 * rewrote), {@code interface} (a call through an interface method that is not {@code @Goroutine}),
 * {@code jdk} (a suspension inside a callback the JDK calls). Each parks with a sleep, which always
 * parks (a receive whose sender came first under load would not, and nothing would pin). Prints
 * "done" at the end.
 */
public final class PinMessagesApp {

    /** Not @Goroutine: a call through it is no suspension point. */
    interface Work {
        void on(Duration d);
    }

    private PinMessagesApp() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            Go.maxProcs(2);
            switch (args[0]) {
                case "unrewritten" -> work();
                case "interface" -> {
                    Work w = d -> Go.sleep(d); // a sleep always parks: the pin is certain
                    w.on(Duration.ofMillis(1));
                }
                case "jdk" -> Objects.requireNonNullElseGet(null, () -> {
                    Go.sleep(Duration.ofMillis(1)); // parks inside the JDK's frame, every time
                    return 1;
                });
                default -> throw new IllegalArgumentException(args[0]);
            }
        });
        System.out.println("done");
    }

    @Goroutine
    static void work() {
        Go.sleep(Duration.ofMillis(1));
    }
}
