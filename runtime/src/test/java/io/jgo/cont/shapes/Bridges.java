package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/**
 * Calls that reach a {@code @Goroutine} method through a bridge method javac generated: a generic
 * interface implemented for a concrete type, and a covariant return type. The bridge is part of
 * the call path; javac copies the method's annotations onto it, so it is rewritten too and the
 * calls unwind without pinning.
 */
public final class Bridges extends Program {

    public interface Step<T> {
        @Goroutine
        T apply(T x);
    }

    public static final class Doubler implements Step<Integer> {
        @Goroutine
        @Override
        public Integer apply(Integer x) {
            return Yield.i(x) * 2;
        }
    }

    public static class Source {
        @Goroutine
        public Object next() {
            return Yield.a("object");
        }
    }

    public static final class Names extends Source {
        @Goroutine
        @Override
        public String next() {
            return Yield.a("name");
        }
    }

    @Goroutine
    @Override
    public void run() {
        List<Object> out = new ArrayList<>();
        Step<Integer> step = new Doubler();
        out.add(step.apply(21));
        Source source = new Names();
        out.add(source.next());
        result = out.toString();
    }
}
