package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** A @Goroutine override of an interface method that is not @Goroutine: warned at rewrite time. */
public final class OverridesUnannotated extends Program {

    public interface Source {
        int next();
    }

    public static final class Counting implements Source {
        int n;

        @Goroutine
        @Override
        public int next() {
            return Yield.i(n++);
        }
    }

    @Goroutine
    @Override
    public void run() {
        Counting direct = new Counting();
        int a = direct.next();            // through the class: a suspension point
        Source viaInterface = direct;
        int b = viaInterface.next();      // through the interface: not one, so the callee pins
        result = a + "," + b;
    }
}
