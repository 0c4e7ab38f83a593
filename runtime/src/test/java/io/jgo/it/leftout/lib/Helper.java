package io.jgo.it.leftout.lib;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;

/** Annotated, but in a package {@code LeftOutPinTest} leaves out of the agent's rewrite: a suspension in it pins. */
public final class Helper {

    private Helper() {
    }

    @Goroutine
    public static void pause() {
        Go.sleep(Duration.ofMillis(1));
    }
}
