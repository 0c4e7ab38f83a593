package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Comparators made by the JDK's factories ({@code Comparator.comparing*}, {@code thenComparing},
 * {@code reversed}, {@code nullsLast}, {@code Collections.reverseOrder}) from key extractors and
 * comparators that yield, used by {@code List.sort} and a stream's {@code max}: no yield may pin
 * (the factories go to the runtime's {@code ComparatorCalls}, whose comparators call the functions
 * from rewritten frames).
 */
public final class JdkComparators extends Program {

    @Goroutine
    @Override
    public void run() {
        List<String> out = new ArrayList<>();
        List<String> words = new ArrayList<>(List.of("pear", "fig", "apple", "kiwi", "date", "fig"));
        words.sort(Comparator.comparing(w -> Yield.i(w.length())));                   // stable
        out.add("byLength " + words);
        words.sort(Comparator.comparingInt((String w) -> Yield.i(w.length())).thenComparing(w -> Yield.a(w)).reversed());
        out.add("reversed " + words);
        List<String> withNull = new ArrayList<>(Arrays.asList("b", null, "a"));
        withNull.sort(Comparator.nullsLast(Comparator.comparing(w -> Yield.a(w))));
        out.add("nullsLast " + withNull);
        List<Integer> nums = new ArrayList<>(List.of(3, 1, 2));
        nums.sort(Collections.reverseOrder((a, b) -> Yield.i(Integer.compare(a, b))));
        out.add("reverseOrder " + nums);
        out.add("max " + nums.stream().max(Comparator.comparingLong(x -> Yield.j(x % 3))).get());
        result = out.toString();
    }
}
