package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Method references whose {@code LambdaMetafactory} forwarder adapts arguments or the result
 * (boxing, unboxing, widening, varargs, unbound receivers). The forwarder runs again when its
 * caller resumes, so it must get the real arguments back, and it must survive the dummy value an
 * unwinding frame returns (an unboxed {@code null} would throw).
 */
public final class Adaptations extends Program {

    private final long base = 7;

    @Goroutine
    static long twice(int x) {
        Yield.here();
        return 2L * x;
    }

    @Goroutine
    long doubled() {
        Yield.here();
        return 2L * base;
    }

    @Goroutine
    static String tag(String s) {
        Yield.here();
        return "<" + s + ">";
    }

    @Goroutine
    static Integer boxed(int x) {
        Yield.here();
        return x + 1;
    }

    @Goroutine
    static Object erased(String s) {
        Yield.here();
        return s.length();
    }

    @Goroutine
    static String joined(Object... parts) {
        Yield.here();
        return String.valueOf(parts.length) + parts[0];
    }

    @Goroutine
    static long widened(long x) {
        Yield.here();
        return x * 3;
    }

    @Goroutine
    @Override
    public void run() {
        List<Object> out = new ArrayList<>();
        Function<Integer, Long> boxing = Adaptations::twice;            // unbox the argument, box the result
        out.add(boxing.apply(21));
        ToLongFunction<Adaptations> unbound = Adaptations::doubled;     // unbound receiver
        out.add(unbound.applyAsLong(this));
        Supplier<Long> bound = this::doubled;                            // bound receiver, boxed result
        out.add(bound.get());
        IntSupplier unboxing = () -> boxed(4);                           // lambda: the body unboxes
        out.add(unboxing.getAsInt());
        ToIntFunction<Integer> unboxedResult = Adaptations::boxed;      // forwarder unboxes the result
        out.add(unboxedResult.applyAsInt(9));
        IntFunction<String> varargs = Adaptations::joined;               // varargs array built by the adapter
        out.add(varargs.apply(5));
        LongUnaryOperator widening = Adaptations::widened;
        out.add(widening.applyAsLong(11));
        Function<Integer, Long> widenArg = x -> widened(x);
        out.add(widenArg.apply(2));
        Function<String, Object> erasedResult = Adaptations::erased;
        out.add(erasedResult.apply("four"));
        BiFunction<Integer, Integer, Long> two = (a, b) -> twice(a + b);
        out.add(two.apply(1, 2));
        out.add(tag("y"));                                               // a direct call after all of them
        result = out.toString();
    }
}
