package org.example.plaincallees;

/** Fixtures for PlainCalleesTest: application methods whose exact targets do or do not reach a park. */
public class Util {

    public static int twice(int x) {
        return x * 2;
    }

    public static int sum(int[] xs) {
        int s = 0;
        for (int x : xs) {
            s += twice(x) + Integer.parseInt("1") + String.valueOf(x).length();
        }
        return s;
    }

    public static int countDown(int n) {
        return n <= 0 ? 0 : countDown(n - 1) + 1; // recursion, plain
    }

    public static int ping(int n) {
        return n <= 0 ? 0 : pong(n - 1); // a plain cycle
    }

    private static int pong(int n) {
        return ping(n) + twice(n);
    }

    public static void callsBack(Runnable r) {
        r.run(); // a function it is given: may suspend
    }

    public static int viaCallBack() {
        callsBack(() -> { });
        return 1;
    }

    public static int cycleToCallBack(int n) {
        return n <= 0 ? viaCallBack() : cycleBack(n - 1); // a cycle one of whose members may suspend
    }

    private static int cycleBack(int n) {
        return cycleToCallBack(n);
    }

    public int overridable() {
        return 1; // a later subclass may override it with a body that suspends
    }

    public int callsOverridable() {
        return overridable();
    }

    public final int finalOne() {
        return twice(3);
    }

    public static void sleeps() throws InterruptedException {
        Thread.sleep(1); // blocking: the rewrite wraps it
    }

    /** A read the rewrite sends to the runtime's parking socket streams ({@code SocketCalls}). */
    public static int readsAnInt(java.io.DataInputStream in) throws java.io.IOException {
        return in.readInt();
    }

    public static void sleepsThrough() throws InterruptedException {
        sleeps();
    }
}
