package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Values left on the operand stack across a suspending call: {@code x + f()}, ternaries, nested arguments. */
public final class OperandStack extends Program {

    @Goroutine
    @Override
    public void run() {
        long big = 10_000_000_000L;
        int x = 5;
        int a = x + Yield.i(3);                                  // int under the call
        long b = big + Yield.j(1) * 2;                          // long under the call
        double c = 1.5 * (Yield.d(2.0) + Yield.i(1));          // double under, two calls
        String d = x > 3 ? Yield.a("yes") : Yield.a("no");     // ternary
        int e = mix(Yield.i(1), x, Yield.j(7L), Yield.a("z"));  // evaluated arguments under later calls
        int[] arr = {Yield.i(1), Yield.i(2), Yield.i(3)};       // array reference + index under the call
        arr[Yield.i(1)] += Yield.i(10);
        result = a + "," + b + "," + c + "," + d + "," + e + "," + arr[0] + arr[1] + arr[2];
    }

    @Goroutine
    static int mix(int p, int q, long r, String s) {
        Yield.here();
        return p + q + (int) r + s.length();
    }
}
