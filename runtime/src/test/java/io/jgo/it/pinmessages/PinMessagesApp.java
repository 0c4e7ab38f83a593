package io.jgo.it.pinmessages;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.Objects;

/**
 * Pins whose warnings must give a fix the user can apply, for {@code PinMessagesTest} (a fresh JVM
 * each): {@code unrewritten} (run without the agent: an annotated method in a class nobody
 * rewrote), {@code interface} (a call through an interface method that is not {@code @Goroutine}),
 * {@code jdk} (a suspension inside a callback the JDK calls). Prints "done" at the end.
 */
public final class PinMessagesApp {

    /** Not @Goroutine: a call through it is no suspension point. */
    interface Work {
        void on(Chan<Integer> ch);
    }

    private PinMessagesApp() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            Go.maxProcs(2);
            switch (args[0]) {
                case "unrewritten" -> work();
                case "interface" -> {
                    Chan<Integer> ch = feed();
                    Work w = c -> c.recv();
                    w.on(ch);
                }
                case "jdk" -> {
                    Chan<Integer> ch = feed();
                    Objects.requireNonNullElseGet(null, () -> ch.recv());
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        });
        System.out.println("done");
    }

    @Goroutine
    static void work() {
        Go.sleep(Duration.ofMillis(1));
    }

    /** A channel a goroutine sends to a little later, so a receive from it parks. */
    private static Chan<Integer> feed() {
        Chan<Integer> ch = Chan.make(0);
        Go.go(() -> {
            Go.sleep(Duration.ofMillis(20));
            ch.send(1);
        });
        return ch;
    }
}
