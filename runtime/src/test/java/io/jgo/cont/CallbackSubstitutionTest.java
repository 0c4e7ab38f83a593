package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Goroutine;
import io.jgo.cont.shapes.Yield;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Which JDK higher-order calls the rewrite sends to the runtime's suspendable helpers: only those
 * whose function may suspend. A lambda made at the call that cannot suspend keeps the JDK method
 * (and its speed); one that can, a method reference to a {@code @Goroutine} method, a function held
 * in a variable, and a lambda that passes a suspending lambda on to another such call go to the helper.
 */
class CallbackSubstitutionTest {

    /** The class rewritten; each method makes one forEach call of one kind. */
    static final class Calls {
        final List<Integer> list = new ArrayList<>(List.of(1, 2));
        final Consumer<Integer> held = x -> { };
        int sum;

        @Goroutine
        void cannotSuspend() {
            list.forEach(x -> sum += x);
            Yield.here();
        }

        @Goroutine
        void suspends() {
            list.forEach(x -> sum += Yield.i(x));
        }

        @Goroutine
        void reference() {
            list.forEach(Yield::a);
        }

        @Goroutine
        void heldInAField() {
            list.forEach(held);
            Yield.here();
        }

        @Goroutine
        void streamCannotSuspend() {
            sum += list.stream().map(x -> x + 1).toList().size();
            Yield.here();
        }

        @Goroutine
        void streamSuspends() {
            sum += list.stream().map(x -> Yield.i(x)).filter(x -> x > 1).toList().size();
        }

        @Goroutine
        void streamOfAndArrays() {
            sum += (int) java.util.stream.Stream.of(1, 2).filter(x -> Yield.z(x > 1)).count()
                    + java.util.Arrays.stream(new Integer[] {3}).map(Yield::a).findFirst().get();
        }

        @Goroutine
        void primitiveCannotSuspend() {
            sum += java.util.stream.IntStream.range(0, 3).map(x -> x + 1).sum();
            Yield.here();
        }

        @Goroutine
        void primitiveSuspends() {
            java.util.stream.IntStream.range(0, 3).forEach(i -> sum += Yield.i(i));
        }

        @Goroutine
        void primitiveShapes() {
            sum += list.stream().mapToInt(x -> Yield.i(x)).sum()
                    + java.util.Arrays.stream(new long[] {3}).mapToObj(Yield::a).toList().size()
                    + (int) java.util.stream.Stream.iterate(1, x -> Yield.i(x + 1)).limit(2).count();
        }

        @Goroutine
        void parallelStream() {
            sum += list.parallelStream().map(Yield::a).toList().size();
        }

        @Goroutine
        void collectorCannotSuspend() {
            sum += list.stream().collect(java.util.stream.Collectors.groupingBy(x -> x % 2)).size();
            Yield.here();
        }

        @Goroutine
        void collectorSuspends() {
            sum += list.stream().collect(java.util.stream.Collectors.groupingBy(x -> Yield.i(x) % 2)).size();
        }

        @Goroutine
        void optionalTwoFunctions() {
            java.util.Optional.of(1).ifPresentOrElse(x -> sum += Yield.i(x), () -> sum++);
        }

        @Goroutine
        void nested() {
            List.of(list).forEach(l -> l.forEach(x -> sum += Yield.i(x)));
        }
    }

    @Test
    void onlyCallsWhoseFunctionMaySuspendGoToTheHelper() throws Exception {
        byte[] original;
        try (InputStream in = Calls.class.getResourceAsStream("CallbackSubstitutionTest$Calls.class")) {
            original = in.readAllBytes();
        }
        ClassNode cn = new ClassNode();
        new ClassReader(Differential.INSTRUMENTER.transform(original)).accept(cn, 0);
        assertEquals("[]", helperCalls(cn, "cannotSuspend"));
        assertEquals("[forEach]", helperCalls(cn, "suspends"));
        assertEquals("[forEach]", helperCalls(cn, "reference"));
        assertEquals("[forEach]", helperCalls(cn, "heldInAField"));
        assertEquals("[forEach]", helperCalls(cn, "nested"));
        assertEquals("[]", helperCalls(cn, "streamCannotSuspend"));
        assertEquals("[stream, toList]", helperCalls(cn, "streamSuspends"));
        assertEquals("[of, count, stream, findFirst]", helperCalls(cn, "streamOfAndArrays"));
        assertEquals("[]", helperCalls(cn, "collectorCannotSuspend"));
        assertEquals("[stream, groupingBy, collect]", helperCalls(cn, "collectorSuspends"),
                "the collector's classifier suspends: the runtime's collector, collected by the runtime's stream");
        assertEquals("[ifPresentOrElse]", helperCalls(cn, "optionalTwoFunctions"), "the first of two functions suspends");
        assertEquals("[toList]", helperCalls(cn, "parallelStream"), "parallelStream() stays the JDK's (its terminal then is too)");
        assertEquals("[]", helperCalls(cn, "primitiveCannotSuspend"));
        assertEquals("[range, forEach]", helperCalls(cn, "primitiveSuspends"));
        assertEquals("[stream, sum, stream, toList, iterate, count]", helperCalls(cn, "primitiveShapes"),
                "Stream to IntStream, Arrays.stream(long[]) to Stream, Stream.iterate");
        String inner = "";
        for (MethodNode m : cn.methods) {
            if (m.name.startsWith("lambda$nested$") && m.desc.startsWith("(Ljava/util/List;")) {
                inner = helperCalls(cn, m.name);
            }
        }
        assertEquals("[forEach]", inner, "the lambda that passes a suspending one on");
    }

    private static String helperCalls(ClassNode cn, String method) {
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals(method)) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode && ((MethodInsnNode) insn).owner.startsWith("io/jgo/internal/callback/")) {
                        calls.add(((MethodInsnNode) insn).name);
                    }
                }
            }
        }
        return calls.toString();
    }
}
