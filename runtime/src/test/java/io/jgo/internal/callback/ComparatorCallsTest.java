package io.jgo.internal.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The runtime's comparator factories ({@link ComparatorCalls}) against the JDK's on plain threads:
 * for every pair of a few values (nulls included) the same sign of {@code compare} or the same
 * exception, the same key extractor calls in the same order, the same order from a sort, the same null checks at creation,
 * and an override of a default method (or a JDK comparator's own) still called.
 */
class ComparatorCallsTest {

    private static final List<String> VALUES = Arrays.asList("pear", "fig", null, "apple", "Fig", "kiwi");

    /** Each comparator as the JDK makes it and as the runtime does, from the same functions; each logs its key calls. */
    private static List<Supplier<Comparator<String>[]>> pairs(List<String> log) {
        Function<String, String> key = s -> {
            log.add("key " + s);
            return s.toLowerCase();
        };
        Comparator<String> byLength = (a, b) -> {
            log.add("cmp " + a + "/" + b);
            return Integer.compare(a.length(), b.length());
        };
        List<Supplier<Comparator<String>[]>> p = new ArrayList<>();
        p.add(() -> both(Comparator.comparing(key), ComparatorCalls.comparing(key)));
        p.add(() -> both(Comparator.comparing(key, byLength), ComparatorCalls.comparing(key, byLength)));
        p.add(() -> both(Comparator.comparingInt(String::length), ComparatorCalls.comparingInt((java.util.function.ToIntFunction<String>) String::length)));
        p.add(() -> both(Comparator.comparingLong((String s) -> (long) s.hashCode()), ComparatorCalls.comparingLong(s -> (long) s.hashCode())));
        p.add(() -> both(Comparator.comparingDouble((String s) -> s.length() / 2.0), ComparatorCalls.comparingDouble(s -> ((String) s).length() / 2.0)));
        p.add(() -> both(Comparator.nullsFirst(byLength), ComparatorCalls.nullsFirst(byLength)));
        p.add(() -> both(Comparator.nullsLast(byLength), ComparatorCalls.nullsLast(byLength)));
        p.add(() -> both(Comparator.nullsLast(null), ComparatorCalls.nullsLast(null)));
        p.add(() -> both(Comparator.nullsFirst(byLength.thenComparing(key)),
                ComparatorCalls.nullsFirst(ComparatorCalls.thenComparing(byLength, key))));
        p.add(() -> both(byLength.thenComparing(key, Comparator.reverseOrder()),
                ComparatorCalls.thenComparing(byLength, key, Comparator.reverseOrder())));
        p.add(() -> both(byLength.thenComparingInt(s -> s.charAt(0)), ComparatorCalls.thenComparingInt(byLength, s -> ((String) s).charAt(0))));
        p.add(() -> both(byLength.thenComparingLong(s -> s.charAt(1)), ComparatorCalls.thenComparingLong(byLength, s -> ((String) s).charAt(1))));
        p.add(() -> both(byLength.thenComparingDouble(s -> -s.charAt(0)), ComparatorCalls.thenComparingDouble(byLength, s -> -((String) s).charAt(0))));
        p.add(() -> both(byLength.thenComparing(Comparator.naturalOrder()).reversed(),
                ComparatorCalls.reversed(ComparatorCalls.thenComparing(byLength, Comparator.naturalOrder()))));
        p.add(() -> both(Collections.reverseOrder(byLength), ComparatorCalls.reverseOrder(byLength)));
        return p;
    }

    @SuppressWarnings("unchecked")
    private static Comparator<String>[] both(Comparator<?> jdk, Comparator<?> ours) {
        return new Comparator[] {jdk, ours};
    }

    @Test
    void everyComparatorComparesAsTheJdks() {
        List<String> jdkLog = new ArrayList<>();
        List<String> ourLog = new ArrayList<>();
        List<Supplier<Comparator<String>[]>> jdkSide = pairs(jdkLog);
        List<Supplier<Comparator<String>[]>> ourSide = pairs(ourLog);
        for (int i = 0; i < jdkSide.size(); i++) {
            Comparator<String> jdk = jdkSide.get(i).get()[0];
            Comparator<String> ours = ourSide.get(i).get()[1];
            for (String a : VALUES) {
                for (String b : VALUES) {
                    assertEquals(outcome(jdk, a, b), outcome(ours, a, b), "comparator " + i + " on " + a + "/" + b);
                }
            }
            assertEquals(jdkLog, ourLog, "comparator " + i + ": the functions' calls");
            List<String> sortedByJdk = new ArrayList<>(Arrays.asList("pear", "fig", "apple", "Fig", "kiwi"));
            List<String> sortedByOurs = new ArrayList<>(sortedByJdk);
            sortedByJdk.sort(jdk);
            IterableCalls.sort(sortedByOurs, ours);
            assertEquals(sortedByJdk, sortedByOurs, "comparator " + i);
            jdkLog.clear(); // the JDK's sort and the runtime's compare different pairs on the way to the same order
            ourLog.clear();
        }
    }

    private static String outcome(Comparator<String> c, String a, String b) {
        try {
            return "returned " + Integer.signum(c.compare(a, b));
        } catch (RuntimeException e) {
            return "threw " + e.getClass().getName();
        }
    }

    @Test
    void nullArgumentsFailWhereTheJdksDo() {
        for (Runnable r : List.<Runnable>of(() -> ComparatorCalls.comparing(null), () -> ComparatorCalls.comparing(x -> x, null),
                () -> ComparatorCalls.comparingInt(null), () -> ComparatorCalls.thenComparing(Comparator.naturalOrder(), (Comparator) null),
                () -> ComparatorCalls.thenComparing((a, b) -> 0, (Comparator) null), () -> ComparatorCalls.thenComparingLong((a, b) -> 0, null))) {
            assertEquals("NullPointerException", thrown(r));
        }
    }

    @Test
    void anOverrideOrAJdkComparatorsOwnMethodIsStillCalled() {
        Comparator<String> own = new Comparator<>() {
            @Override
            public int compare(String a, String b) {
                return a.compareTo(b);
            }

            @Override
            public Comparator<String> reversed() {
                return this; // an odd override, but its own
            }
        };
        assertSame(own, ComparatorCalls.reversed(own));
        assertSame(Comparator.reverseOrder(), ComparatorCalls.reversed(Comparator.naturalOrder()));
        assertSame(Comparator.naturalOrder(), ComparatorCalls.reverseOrder(Comparator.reverseOrder()));
        assertSame(Collections.reverseOrder(), ComparatorCalls.reverseOrder(null));
    }

    private static String thrown(Runnable r) {
        try {
            r.run();
            return "nothing";
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName();
        }
    }
}
