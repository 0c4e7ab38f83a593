// The second trigger for defect 2, through the fuzzer's harness: IntUnaryOperator.identity()
// (not rewritten) leaves the handshake set, and a lambda called through the unannotated interface
// Plain then unwinds wrongly. Symptom on d1f371e: v=0 and a ClassCastException instead of v=7.
// Fixed on main by 7df7be7.
// seed: -215850
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public final class StaleHandshakeAfterIdentity extends FuzzProgram {
    public StaleHandshakeAfterIdentity(Trace t) { super(t); }

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
        int v = IntUnaryOperator.identity().applyAsInt(3);
        t.v("v", ((Plain) p -> t.yi(p + 4)).apply(v));
    }

    interface Plain { int apply(int x); }
    static class Base { final Trace t; Base(Trace t) { this.t = t; } @Goroutine int f(int x) { return t.yi(x) + 1; } }
    static class Unannotated extends Base { Unannotated(Trace t) { super(t); } @Override int f(int x) { return super.f(x) * 10; } }
}
