package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Suspending lambdas handed to the JDK's higher-order methods: each lambda yields, and no yield may
 * pin (the calls go through the runtime's suspendable helpers). The result records every callback's order and every return value.
 */
public final class JdkCallbacks extends Program {

    @Goroutine
    @Override
    public void run() {
        List<String> out = new ArrayList<>();
        List<Integer> list = new ArrayList<>(List.of(5, 3, 8, 1, 3));
        list.forEach(x -> out.add("arrayList " + Yield.i(x)));                        // 5
        new LinkedList<>(list).forEach(x -> out.add("linkedList " + Yield.i(x)));     // 5
        List.of(7, 9).forEach(x -> out.add("listOf " + Yield.i(x)));                  // 2
        Set12.of().forEach(x -> out.add("set " + Yield.i(x)));                        // 3
        Consumer<Integer> held = x -> out.add("held " + Yield.i(x));                  // a variable: may suspend
        List.of(4).forEach(held);                                                     // 1
        out.add("removed " + list.removeIf(x -> Yield.i(x) == 3) + " " + list);      // 5
        list.replaceAll(x -> Yield.i(x) * 10);                                        // 3
        List<String> words = new ArrayList<>(List.of("pear", "fig", "apple", "kiwi", "date"));
        words.sort(Comparator.comparingInt(String::length));                          // stable, no yield
        out.add("byLength " + words);
        List<String> linked = new LinkedList<>(words);
        Collections.sort(linked, (a, b) -> Yield.i(a.compareTo(b)));                 // yields per compare
        out.add("sorted " + linked);
        Map<String, Integer> map = new HashMap<>();
        for (String w : words) {
            map.computeIfAbsent(w.substring(0, 1), k -> Yield.i(k.length()));        // 5
        }
        map.merge("p", 10, (a, b) -> Yield.i(a + b));                                 // 1
        map.compute("f", (k, v) -> Yield.a(v == null ? 0 : v + 100));                 // 1
        map.computeIfPresent("k", (k, v) -> Yield.a(null));                           // 1: removes k
        map.forEach((k, v) -> out.add(k + "=" + Yield.i(v)));                         // 4
        Map<String, Integer> linkedMap = new LinkedHashMap<>(Map.of("z", 1));
        linkedMap.put("a", 2);
        linkedMap.forEach((k, v) -> out.add("linked " + k + Yield.i(v)));             // 2
        TreeMap<String, Integer> tree = new TreeMap<>(Map.of("b", 1, "d", 2));
        tree.computeIfAbsent("a", k -> Yield.i(k.length()));                          // 1
        tree.computeIfAbsent("b", k -> Yield.i(99));                                  // 0: present
        tree.merge("d", 5, (a, b) -> Yield.i(a * b));                                  // 1
        tree.compute("e", (k, v) -> Yield.a(v == null ? 7 : v));                      // 1
        tree.computeIfPresent("b", (k, v) -> Yield.a(null));                          // 1: removes b
        tree.replaceAll((k, v) -> Yield.i(v + 1));                                     // 3
        out.add("tree " + tree);
        linkedMap.compute("m", (k, v) -> Yield.a(v == null ? 3 : v));                 // 1
        linkedMap.merge("z", 4, (a, b) -> Yield.i(a + b));                             // 1
        linkedMap.computeIfPresent("a", (k, v) -> Yield.i(v * 2));                     // 1
        linkedMap.replaceAll((k, v) -> Yield.i(-v));                                   // 3
        out.add("linkedMap " + linkedMap);
        java.util.Iterator<Integer> it = List.of(1, 2, 3).iterator();
        it.next();
        it.forEachRemaining(x -> out.add("remaining " + Yield.i(x)));                 // 2
        Optional<String> some = Optional.of("x");
        out.add("filter " + some.filter(s -> Yield.i(s.length()) == 1));              // 1
        out.add("or " + Optional.<String>empty().or(() -> Optional.of(Yield.a("y")))); // 1
        out.add("orElseThrow " + some.orElseThrow(() -> new IllegalStateException(Yield.a("never"))));
        out.add(some.map(s -> Yield.a(s + "!")).orElse("none"));                      // 1
        out.add(some.flatMap(s -> Optional.of(Yield.a(s + "?"))).get());             // 1
        some.ifPresent(s -> out.add("present " + Yield.a(s)));                         // 1
        out.add(Optional.<String>empty().orElseGet(() -> Yield.a("got")));            // 1
        result = out + " " + new TreeMap<>(map);
    }

    /** A user's own Set (inherits Iterable.forEach's default). */
    static final class Set12 extends java.util.AbstractSet<Integer> {
        static Set12 of() {
            return new Set12();
        }

        @Override
        public java.util.Iterator<Integer> iterator() {
            return new HashSet<>(List.of(1, 2, 3)).iterator();
        }

        @Override
        public int size() {
            return 3;
        }
    }
}
