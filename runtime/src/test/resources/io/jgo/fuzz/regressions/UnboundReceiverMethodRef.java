// Found by DifferentialFuzzTest (jqwik seed 5702464100330135061, run seed 673210707, program P210
// after shrinking), cut down by hand. Symptom: plain Java records L1=8; rewritten (agent and build-time),
// stepped with every suspension point suspending, and under the scheduler, the program ends in a
// NullPointerException. An unbound-receiver method reference through a generic SAM: the
// LambdaMetafactory forwarder casts its Object argument to Box and calls get() on it. Apparently (the
// variants that pass suggest it) on resume the rewritten call site re-invokes applyAsInt with a dummy
// (null) argument, which the forwarder dereferences before Box.get can restore its frame. Likely the same cause as known
// defect 1 (boxing adaptation), a different trigger: a fix for boxing alone would not cover it.
// Fails on d1f371e; passes since main 7df7be7 ("Never corrupt: a call-site handshake cannot go stale").
// seed: 1
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.function.*;

public final class UnboundReceiverMethodRef extends FuzzProgram {
    public UnboundReceiverMethodRef(Trace t) { super(t); }

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
        @Goroutine int add(int x) { return t.yi(x) + a; }
        @Goroutine static long twice(Trace t, int x) { return t.yj(2L * x); }
    }
}
