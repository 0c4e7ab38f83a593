// Found by the fuzzer in the default-rule execution (the whole-application rule: the harness's
// ProgramLoader and ASM are rewritten too), build-time path, coroutine, every point suspending; cut
// down by the Minimizer and by hand. Trace.yc's save asks Adjacency whether m0 is a rewritten call
// site; its Class.getDeclaredMethods resolves Box (named only by wideSink0's signature, never loaded
// before), so the program's loader, rewritten, ran on the coroutine's stack in the middle of the
// unwind: its call sites took the unwind for their own, pinned (ending the coroutine's unwind) and,
// re-entering, abandoned its records ("saved frames of a goroutine were discarded: a fresh call to
// <method c35fc2c1> met the saved frame of io.jgo.fuzz.Trace.yc"); m0 went on with the dummy value.
// Symptom: m0.v1=c0 instead of c48. Fixed: the runtime's stack walks and reflection run on a stack
// aside (cont.AsideStack.enter/leave in Adjacency).
// seed: -5999719
import io.jgo.Goroutine;
import io.jgo.fuzz.FuzzProgram;
import io.jgo.fuzz.Trace;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

@SuppressWarnings("all")
public final class StaleHandshakeClassLoad extends FuzzProgram {
    public StaleHandshakeClassLoad(Trace t) { super(t); }

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
        char v1 = t.yc(t.yc('0'));
        t.v("m0.v1", v1);
    }

    static final class Box {
        final int a;
        Box(int a) { this.a = a; }
    }

    @Goroutine
    static String wideSink0(Trace t, Box p0) { return t.ya("" + p0.a); }
}
