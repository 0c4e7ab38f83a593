package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** An object under construction while its constructor's arguments suspend: {@code new Box(f())}. */
public final class NewObject extends Program {

    static final class Box {
        final Object value;
        final int n;

        Box(Object value, int n) {
            this.value = value;
            this.n = n;
        }

        @Override
        public String toString() {
            return "Box(" + value + "," + n + ")";
        }
    }

    @Goroutine
    @Override
    public void run() {
        Box simple = new Box(Yield.a("a"), Yield.i(1));
        Box nested = new Box(new Box(Yield.a("inner"), 2), Yield.i(3));
        Object asArg = String.valueOf(new Box(Yield.a("arg"), 4));
        StringBuilder sb = new StringBuilder(Yield.a("sb"));
        result = simple + "," + nested + "," + asArg + "," + sb.append(Yield.i(5));
    }
}
