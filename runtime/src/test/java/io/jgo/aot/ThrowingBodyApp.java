package io.jgo.aot;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.PanicException;
import io.jgo.internal.Stack;
import java.io.IOException;

/**
 * Bodies that throw a checked exception ({@code Go.Body}), for {@link BuildTimeRewriteTest}: rewritten
 * by the build-time CLI, run without the agent. Their lambdas must be rewritten as {@code Runnable}
 * ones are (no pin), and what escapes is a panic with it as the cause.
 */
public final class ThrowingBodyApp {

    private ThrowingBodyApp() {
    }

    public static void main(String[] args) {
        int[] sum = new int[1];
        Go.run(() -> {
            Chan<Integer> ch = Chan.make(0);
            for (int i = 1; i <= 3; i++) {
                int v = i;
                go(() -> send(ch, v));
            }
            for (int i = 0; i < 3; i++) {
                sum[0] += ch.recv();
            }
        });
        String failure;
        try {
            Go.run(() -> send(Chan.make(1), -1));
            failure = "none";
        } catch (PanicException p) {
            failure = String.valueOf(p.getCause());
        }
        System.out.println("sum=" + sum[0] + " failure=" + failure + " pins=" + Stack.pinCount());
    }

    @Goroutine
    static void send(Chan<Integer> ch, int v) throws IOException {
        Go.gosched();
        if (v < 0) {
            throw new IOException("negative");
        }
        ch.send(v);
    }
}
