package io.jgo.aot;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import java.util.ArrayList;
import java.util.List;

/**
 * A program whose frames must never be corrupted, for {@link BuildTimeRewriteTest}: rewritten by the
 * build-time CLI without {@code --classpath}, then run without the agent. Prints what it computed,
 * how often {@link #twice} was entered (a frame that is re-run instead of resumed enters again) and
 * how many suspensions pinned their carrier (a frame left unrewritten pins).
 */
public final class FoldApp {

    private static int entered;

    private FoldApp() {
    }

    public static void main(String[] args) {
        List<Integer> xs = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            xs.add(i);
        }
        long[] results = new long[2];
        Go.run(() -> {
            results[0] = fold(xs);
            results[1] = twice();
        });
        System.out.println("fold=" + results[0] + " twice=" + results[1] + " entered=" + entered + " pins=" + Stack.pinCount());
    }

    @Goroutine
    static long fold(List<Integer> xs) {
        long sum = 0;
        for (int x : xs) {
            sum += x;
        }
        Go.gosched();
        return sum;
    }

    @Goroutine
    static long twice() {
        entered++;
        Go.gosched();
        Go.gosched();
        return 2;
    }
}
