package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Every primitive type and references held in locals and parameters across suspension points. */
public final class Locals extends Program {

    @Goroutine
    @Override
    public void run() {
        result = compute(3, 4_000_000_000L, 2.5f, 1.25, "s");
    }

    @Goroutine
    static String compute(int i, long j, float f, double d, String s) {
        boolean z = true;
        byte b = 7;
        char c = 'x';
        short sh = 300;
        Yield.here();
        i += Yield.i(1);
        j += Yield.j(2L);
        f += Yield.f(0.5f);
        d += Yield.d(0.25);
        z = Yield.z(!z);
        String t = Yield.a(s + "t");
        return i + "," + j + "," + f + "," + d + "," + z + "," + b + "," + c + "," + sh + "," + t;
    }
}
