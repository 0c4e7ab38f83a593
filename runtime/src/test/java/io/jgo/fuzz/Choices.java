package io.jgo.fuzz;

import java.util.List;

/**
 * The generator's only source of randomness: a finite list of numbers that jqwik draws and
 * shrinks. Each decision reads the next number; once the list is used up every decision is 0.
 * The generator numbers its alternatives so that 0 is always the simplest one (no statement, a
 * literal, no nesting), so shrinking the list — dropping numbers, moving them towards 0 — shrinks
 * the program, and a short list always yields a short program that ends.
 */
final class Choices {

    private final List<Integer> values;
    private int next;

    Choices(List<Integer> values) {
        this.values = values;
    }

    /** A number in {@code [0, n)}. */
    int below(int n) {
        if (n <= 1 || next >= values.size()) {
            return 0;
        }
        return Math.floorMod(values.get(next++), n);
    }

    /** True about {@code percent} percent of the time; false on a used-up list. */
    boolean chance(int percent) {
        return below(100) >= 100 - percent;
    }

    /** An index into {@code weights}, each chosen in proportion to its weight; 0 on a used-up list. */
    int weighted(int... weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int r = below(total);
        for (int i = 0; i < weights.length; i++) {
            if (r < weights[i]) {
                return i;
            }
            r -= weights[i];
        }
        return 0;
    }

    boolean exhausted() {
        return next >= values.size();
    }
}
