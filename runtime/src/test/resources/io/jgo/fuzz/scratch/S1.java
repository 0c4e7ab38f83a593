// seed: 1
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.function.*;

public final class S1 extends FuzzProgram {
    public S1(Trace t) { super(t); }

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
        t.v("L1", ((ToIntFunction<Box>) Box::get).applyAsInt(new Box(t, 8)));
    }

    static final class Box {
        final Trace t; final int a;
        Box(Trace t, int a) { this.t = t; this.a = a; }
        @Goroutine int get() { return t.yi(a); }
    }
}
