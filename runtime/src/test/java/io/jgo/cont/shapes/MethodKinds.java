package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Static, instance, private, interface (default and abstract), inherited and varargs suspendables. */
public final class MethodKinds extends Program {

    public interface Shape {
        @Goroutine
        int area();

        @Goroutine
        default String describe() {
            return Yield.a("shape of " + area());
        }
    }

    public abstract static class Base implements Shape {
        @Goroutine
        protected abstract int side();

        @Goroutine
        @Override
        public int area() {
            int s = side();
            return Yield.i(s * s);
        }
    }

    public static final class Square extends Base {
        private final int side;

        Square(int side) {
            this.side = side;
        }

        @Goroutine
        @Override
        protected int side() {
            return Yield.i(side);
        }
    }

    private int counter = 40;

    @Goroutine
    @Override
    public void run() {
        Shape s = new Square(3);
        result = s.area() + "," + s.describe() + "," + bump() + "," + sum(1, 2, 3) + "," + sum() + "," + staticOne();
    }

    @Goroutine
    private int bump() {
        counter += Yield.i(2);
        return counter;
    }

    @Goroutine
    static int sum(int... values) {
        int total = 0;
        for (int v : values) {
            total += Yield.i(v);
        }
        return total;
    }

    @Goroutine
    public static String staticOne() {
        return Yield.a("static");
    }
}
