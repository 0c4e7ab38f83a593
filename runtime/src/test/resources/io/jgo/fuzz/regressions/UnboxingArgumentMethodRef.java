// Found by DifferentialFuzzTest (jqwik seed -8737821406273836310, run seed -415, program P82 after
// shrinking), cut down by hand. Symptom: plain Java records L1=13; rewritten, with every suspension
// point suspending, the program ends in a NullPointerException. A bound method reference whose
// forwarder unboxes its argument (Integer -> int): on resume the rewritten call site passes a dummy
// null, which the forwarder unboxes. Known defect 1. Fails on d1f371e; passes since main 7df7be7
// ("Never corrupt: a call-site handshake cannot go stale").
// seed: 1
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.function.*;

public final class UnboxingArgumentMethodRef extends FuzzProgram {
    public UnboxingArgumentMethodRef(Trace t) { super(t); }

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
        t.v("L1", ((ToIntFunction<Integer>) new Box(t, 8)::add).applyAsInt(Integer.valueOf(5)));
    }

    static final class Box {
        final Trace t; final int a;
        Box(Trace t, int a) { this.t = t; this.a = a; }
        @Goroutine int get() { return t.yi(a); }
        @Goroutine int add(int x) { return t.yi(x) + a; }
        @Goroutine static long twice(Trace t, int x) { return t.yj(2L * x); }
    }
}
