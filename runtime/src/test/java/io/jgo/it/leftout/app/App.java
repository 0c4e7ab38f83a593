package io.jgo.it.leftout.app;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.it.leftout.lib.Helper;

/** Run in its own JVM by {@code LeftOutPinTest}: a goroutine that calls a {@code @Goroutine} method of a class the agent's options leave out. */
public final class App {

    private App() {
    }

    public static void main(String[] args) {
        Go.run(App::work);
        System.out.println("done");
    }

    @Goroutine
    static void work() {
        Helper.pause();
    }
}
