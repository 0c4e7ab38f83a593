package io.jgo.bench.macro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Median and spread of a few runs. */
public record Summary(int runs, double median, double min, double max, double p25, double p75) {

    public static Summary of(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        return new Summary(v.size(), quantile(v, 0.5), v.get(0), v.get(v.size() - 1), quantile(v, 0.25), quantile(v, 0.75));
    }

    /** Linear interpolation between closest ranks (so the median of an even count is the mean of the middle two). */
    private static double quantile(List<Double> sorted, double q) {
        double pos = q * (sorted.size() - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted.get(lo) + (sorted.get(hi) - sorted.get(lo)) * (pos - lo);
    }

    /** A figure with as many digits as it deserves. */
    public static String format(double v) {
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format("%,.0f", v);
        }
        if (a >= 10) {
            return String.format("%.1f", v);
        }
        return String.format("%.2f", v);
    }
}
