package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Suspending lambdas in sequential stream pipelines (of a list, an array, {@code Stream.of}): each
 * lambda yields, and no yield may pin (the rewrite gives the method the runtime's stream, whose
 * terminal operations run the stages in rewritten code). The result records every value.
 */
public final class Streams extends Program {

    @Goroutine
    @Override
    public void run() {
        List<String> out = new ArrayList<>();
        List<Integer> ids = new ArrayList<>(List.of(5, 3, 8, 1, 3));
        out.add("mapped " + ids.stream().map(x -> Yield.i(x * 2)).filter(x -> Yield.z(x > 4)).collect(Collectors.toList()));
        out.add("sorted " + ids.stream().sorted((a, b) -> Yield.i(a - b)).distinct().limit(3).toList());
        out.add("flat " + Stream.of("a", "bb").flatMap(s -> Stream.of(s, s.toUpperCase())).map(s -> Yield.a(s + "!"))
                .collect(Collectors.joining(",")));
        out.add("any " + ids.stream().anyMatch(x -> Yield.i(x) == 8));
        out.add("sum " + ids.stream().reduce(0, (a, b) -> Yield.i(a + b)));
        List<Integer> peeked = new ArrayList<>();
        out.add("first " + Arrays.stream(new Integer[] {4, 2, 7}).peek(x -> peeked.add(Yield.i(x))).skip(1).findFirst()
                + " peeked " + peeked);
        out.add("count " + ids.stream().filter(x -> Yield.z(x > 2)).count());
        ids.stream().forEach(x -> out.add("each " + Yield.i(x)));
        result = out.toString();
    }
}
