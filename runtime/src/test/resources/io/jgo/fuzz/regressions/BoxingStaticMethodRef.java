// Known defect 1 in the shape the issue gives (Function<Integer, Long> f = C::twice with twice(int)
// suspending), reproduced through the fuzzer's harness. Symptom: plain Java records L1=10; rewritten,
// with every suspension point suspending, a NullPointerException. Fails on d1f371e; passes since main 7df7be7
// ("Never corrupt: a call-site handshake cannot go stale").
// seed: 1
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.function.*;

public final class BoxingStaticMethodRef extends FuzzProgram {
    public BoxingStaticMethodRef(Trace t) { super(t); }

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
        t.v("L1", ((BiFunction<Trace, Integer, Long>) Box::twice).apply(t, 5));
    }

    static final class Box {
        final Trace t; final int a;
        Box(Trace t, int a) { this.t = t; this.a = a; }
        @Goroutine int get() { return t.yi(a); }
        @Goroutine int add(int x) { return t.yi(x) + a; }
        @Goroutine static long twice(Trace t, int x) { return t.yj(2L * x); }
    }
}
