package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/** Lambdas and method references (capturing, non-capturing, through JDK functional interfaces). */
public final class Lambdas extends Program {

    private final String name = "me";

    @Goroutine
    @Override
    public void run() {
        List<String> out = new ArrayList<>();
        int base = 10;
        Runnable r = () -> out.add("runnable " + Yield.i(base));
        r.run();
        Supplier<String> s = () -> Yield.a(name + base);
        out.add(s.get());
        Function<Integer, Integer> twice = x -> Yield.i(x) * 2;
        out.add("fn " + twice.apply(21));
        IntBinaryOperator add = (a, b) -> Yield.i(a) + b;
        out.add("op " + add.applyAsInt(1, 2));
        Supplier<String> ref = Yield::label;              // method reference to a @Goroutine method
        out.add(ref.get());
        Function<String, String> bound = this::decorate;   // bound instance method reference
        out.add(bound.apply("x"));
        Callable<Integer> call = () -> Other.work(5);      // lambda calling another class's @Goroutine method
        try {
            out.add("call " + call.call());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        result = out.toString();
    }

    @Goroutine
    String decorate(String s) {
        return Yield.a("<" + s + ">");
    }

    /** Another class whose @Goroutine method a lambda calls. */
    public static final class Other {
        @Goroutine
        static int work(int n) {
            int t = 0;
            for (int i = 0; i < n; i++) {
                t += Yield.i(i);
            }
            return t;
        }
    }
}
