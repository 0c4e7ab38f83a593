package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/**
 * A suspended frame returns a {@code long}, a {@code double}, a reference and nothing
 * ({@code void}) to a caller that was itself saved and re-entered, with values of every size on the
 * caller's operand stack under the call, so a result handed to the wrong slot or with the wrong
 * width shows in the result.
 */
public final class ReturnKinds extends Program {

    private long voidCalls;

    @Goroutine
    @Override
    public void run() {
        List<Object> got = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            long l = 1_000_000_000_000L * i + wideLong(i);
            double d = 0.25 * i + wideDouble(i);
            String s = "s" + i + reference(i);
            voidReturn(i);
            float f = 1.5f * i + narrowFloat(i);
            got.add(l);
            got.add(d);
            got.add(s);
            got.add(f);
            got.add(voidCalls);
            got.add(deeper(i, 4));
        }
        result = got.toString();
    }

    @Goroutine
    static long wideLong(int i) {
        long v = Yield.j(0x1_0000_0001L * i);
        return v + Yield.i(i);
    }

    @Goroutine
    static double wideDouble(int i) {
        double v = Yield.d(i / 3.0);
        return v * Yield.d(1e-300) * 1e300;
    }

    @Goroutine
    static String reference(int i) {
        return Yield.a("<" + i + ">") + Yield.label();
    }

    @Goroutine
    void voidReturn(int i) {
        Yield.here();
        voidCalls += i;
    }

    @Goroutine
    static float narrowFloat(int i) {
        return Yield.f(i / 8f);
    }

    /** A chain of frames each returning its callee's {@code long} plus its own, several calls deep. */
    @Goroutine
    static long deeper(int i, int n) {
        if (n == 0) {
            return Yield.j(i);
        }
        long mine = Yield.j(n * 10L);
        return mine + 1000 * deeper(i, n - 1);
    }
}
