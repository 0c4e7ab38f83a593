package app;

/** No goroutine code: the rewrite leaves it as javac wrote it. */
public class Plain {

    static int twice(int x) {
        return 2 * x;
    }
}
