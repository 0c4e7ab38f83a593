// Found by DifferentialFuzzTest on d1f371e (features LOOPS, ITERATOR_LOOPS, UNANNOTATED_INTERFACE,
// LIBRARY_WRAPPERS, VIRTUAL, COLLECTIONS; jqwik seed -2415815375368956106, run seed -215850, program
// P142 after shrinking and line cutting), cut down by hand. Symptom: plain Java records v10=4;
// rewritten, with every suspension point suspending, v10=0 and then a ClassCastException (in the
// unshrunk program a NullPointerException). The enhanced for calls the JDK iterator (not rewritten)
// and leaves the call-site handshake set; the lambda called through the unannotated interface Plain
// takes the stale handshake and unwinds into a caller that does not expect it. Known defect 2;
// fixed on main by 7df7be7.
// seed: -215850
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public final class StaleHandshakeAfterIterator extends FuzzProgram {
    public StaleHandshakeAfterIterator(Trace t) { super(t); }

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
        List<Integer> v0 = new ArrayList<>(List.of(5, 5, 5));
        for (Integer x : v0) {
        }
        int v10 = ((Plain) p -> t.yi(4)).apply(0);
        t.v("v10", v10);
    }

    interface Plain { int apply(int x); }
    static class Base { final Trace t; Base(Trace t) { this.t = t; } @Goroutine int f(int x) { return t.yi(x) + 1; } }
    static class Unannotated extends Base { Unannotated(Trace t) { super(t); } @Override int f(int x) { return super.f(x) * 10; } }
}
