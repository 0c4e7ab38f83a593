// seed: 1
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.function.*;

public final class S6 extends FuzzProgram {
    public S6(Trace t) { super(t); }

    @Goroutine
    @Override
    public void run() {
        try {
            m0();
        } catch (RuntimeException | Error e) {
            t.caught("top", e);
        }
    }

    @Goroutine
    void m0() {
        t.v("L1", ((IntBinaryOperator) new Box(t, 8)::sum).applyAsInt(3, 4));
    }

    static final class Box {
        final Trace t; final int a;
        Box(Trace t, int a) { this.t = t; this.a = a; }
        @Goroutine int get() { return t.yi(a); }
        @Goroutine String tag(String x) { return t.ya(x + a); }
        @Goroutine String name() { return t.ya("n" + a); }
        @Goroutine static String st(String x) { return Trace.class.getSimpleName() + x; }
        @Goroutine int add(int x) { return t.yi(x) + a; }
        @Goroutine int sum(int... xs) { int r = a; for (int x : xs) { r += t.yi(x); } return r; }
    }
}
