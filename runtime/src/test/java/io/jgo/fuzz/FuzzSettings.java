package io.jgo.fuzz;

import java.util.EnumSet;
import java.util.Set;

/**
 * Which {@link Feature}s the generator uses. {@code -Djgo.fuzz.features=all} (or a comma-separated
 * list of feature names) overrides the CI set.
 */
final class FuzzSettings {

    /**
     * The CI batch's features: all of them, except those held back while a known defect on main
     * makes them fail, each named here with its defect and its program in {@code pending/}. None
     * is held back now. METHOD_REF_BOXING (known defect 1) and METHOD_REF_RECEIVER_CAST (found by
     * this fuzzer) were, until main's 7df7be7 fixed them; their programs are in {@code regressions/}.
     * When {@link FuzzRegressionTest#knownDefectStillReproduces} reports a pending defect fixed, put
     * its feature back.
     */
    static final Set<Feature> CI = EnumSet.allOf(Feature.class);

    private FuzzSettings() {
    }

    static Set<Feature> features() {
        String spec = System.getProperty("jgo.fuzz.features", "ci").trim();
        if (spec.equalsIgnoreCase("ci")) {
            return CI;
        }
        if (spec.equalsIgnoreCase("all")) {
            return Feature.all();
        }
        Set<Feature> out = EnumSet.noneOf(Feature.class);
        for (String name : spec.split(",")) {
            out.add(Feature.valueOf(name.trim().toUpperCase()));
        }
        return out;
    }
}
