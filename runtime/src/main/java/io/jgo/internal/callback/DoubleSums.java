package io.jgo.internal.callback;

import java.util.function.ToDoubleFunction;
import java.util.stream.Collector;

/**
 * {@code Collectors.summingDouble} and {@code averagingDouble} for {@link CollectorCalls}: the JDK's
 * compensated (Kahan) summation, step by step, so the sums are the JDK's to the last bit.
 * The state is the JDK's array: [0] high-order sum, [1] compensation, [2] simple sum or count,
 * ([3] simple sum when averaging).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class DoubleSums {

    private DoubleSums() {
    }

    static Collector summing(ToDoubleFunction mapper) {
        return new FunctionCollector(() -> new double[3], (a, t) -> {
            double[] s = (double[]) a;
            double val = mapper.applyAsDouble(t);
            add(s, val);
            s[2] += val;
        }, (a, b) -> {
            double[] s = (double[]) a;
            double[] o = (double[]) b;
            add(s, o[0]);
            s[2] += o[2];
            return add(s, -o[1]);
        }, a -> finalSum((double[]) a), FunctionCollector.NONE);
    }

    static Collector averaging(ToDoubleFunction mapper) {
        return new FunctionCollector(() -> new double[4], (a, t) -> {
            double[] s = (double[]) a;
            double val = mapper.applyAsDouble(t);
            add(s, val);
            s[2]++;
            s[3] += val;
        }, (a, b) -> {
            double[] s = (double[]) a;
            double[] o = (double[]) b;
            add(s, o[0]);
            add(s, -o[1]);
            s[2] += o[2];
            s[3] += o[3];
            return s;
        }, a -> {
            double[] s = (double[]) a;
            return s[2] == 0 ? 0.0d : finalSum(s) / s[2];
        }, FunctionCollector.NONE);
    }

    /** {@code Collectors.sumWithCompensation}. */
    static double[] add(double[] intermediateSum, double value) {
        double tmp = value - intermediateSum[1];
        double sum = intermediateSum[0];
        double velvel = sum + tmp;
        intermediateSum[1] = (velvel - sum) - tmp;
        intermediateSum[0] = velvel;
        return intermediateSum;
    }

    /** {@code Collectors.computeFinalSum}: the compensated sum, or the simple one when that is infinite and the other NaN. */
    static double finalSum(double[] summands) {
        double tmp = summands[0] - summands[1];
        double simpleSum = summands[summands.length - 1];
        if (Double.isNaN(tmp) && Double.isInfinite(simpleSum)) {
            return simpleSum;
        }
        return tmp;
    }
}
