package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Expressions that call something: the program's own methods (static, instance, recursive),
 * virtual and interface methods of the helper types ({@link HelperTypes}), lambdas, method
 * references of every adaptation kind, JDK streams and function wrappers. Each form belongs to a
 * {@link Feature} and is offered only when that feature is on.
 */
final class Callables {

    private final GenContext g;
    private final Expressions e;
    private final Choices c;

    Callables(GenContext g, Expressions e) {
        this.g = g;
        this.e = e;
        this.c = g.choices;
    }

    /** A call of a later method of the program returning {@code ty} (or of a helper when none does). */
    String call(Ty ty, int d) {
        List<MethodSig> targets = new ArrayList<>();
        for (MethodSig m : g.methods) {
            if (m.index() > g.current.index() && m.returns() == ty) {
                targets.add(m);
            }
        }
        if (ty == Ty.INT && g.on(Feature.RECURSION) && (targets.isEmpty() || c.chance(25))) {
            return "rec(t, " + g.choices.below(5) + ", " + e.of(Ty.INT, d) + ")";
        }
        if (targets.isEmpty()) {
            return e.suspending(ty, d);
        }
        return callOf(targets.get(c.below(targets.size())), d);
    }

    String callOf(MethodSig m, int d) {
        List<String> args = new ArrayList<>();
        if (m.isStatic()) {
            args.add("t");
        }
        for (Ty p : m.params()) {
            args.add(e.of(p, d));
        }
        String receiver = m.isStatic() ? "" : g.inStatic() ? "new " + g.className + "(t)." : "this.";
        return receiver + m.name() + "(" + String.join(", ", args) + ")";
    }

    /** A lambda, method reference, stream or wrapper producing {@code ty}, among the enabled features. */
    String functional(Ty ty, int d) {
        List<Supplier<String>> forms = new ArrayList<>();
        if (g.on(Feature.LAMBDAS)) {
            lambdas(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_EXACT)) {
            exactRefs(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_RECEIVER_CAST)) {
            receiverCastRefs(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_BOXING)) {
            boxingRefs(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_WIDENING)) {
            wideningRefs(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_VARARGS)) {
            varargsRefs(ty, d, forms);
        }
        if (g.on(Feature.METHOD_REF_CTOR)) {
            constructorRefs(ty, d, forms);
        }
        if (g.on(Feature.COLLECTIONS)) {
            streams(ty, d, forms);
        }
        if (g.on(Feature.LIBRARY_WRAPPERS)) {
            wrappers(ty, d, forms);
        }
        if (ty == Ty.INT && g.on(Feature.VIRTUAL)) {
            virtual(d, forms);
        }
        if (ty == Ty.INT && g.on(Feature.UNANNOTATED_INTERFACE)) {
            forms.add(() -> "((Plain) new PlainImpl(t, " + k() + ")).apply(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((Plain) " + lambda("p", Ty.INT, Ty.INT, d) + ").apply(" + e.of(Ty.INT, d) + ")");
        }
        if (ty == Ty.BOX && g.on(Feature.CTOR_SUSPENDS)) {
            forms.add(() -> "new Box(t, " + e.of(Ty.INT, d) + ")");
        }
        if (forms.isEmpty()) {
            return e.suspending(ty, d);
        }
        return forms.get(c.below(forms.size())).get();
    }

    private void lambdas(Ty ty, int d, List<Supplier<String>> forms) {
        switch (ty) {
            case INT -> {
                forms.add(() -> "((IntUnaryOperator) " + lambda("p", Ty.INT, Ty.INT, d) + ").applyAsInt(" + e.of(Ty.INT, d) + ")");
                forms.add(() -> "((IntBinaryOperator) " + lambda2("p", Ty.INT, "q", Ty.INT, Ty.INT, d) + ").applyAsInt("
                        + e.of(Ty.INT, d) + ", " + e.of(Ty.INT, d) + ")");
                forms.add(() -> "((int) ((Function<Integer, Integer>) " + lambda("p", Ty.INTEGER, Ty.INT, d) + ").apply("
                        + e.of(Ty.INT, d) + "))");
                forms.add(() -> "((IntSupplier) () -> " + inLambda(List.of(), Ty.INT, d) + ").getAsInt()");
            }
            case LONG -> {
                forms.add(() -> "((LongUnaryOperator) " + lambda("p", Ty.LONG, Ty.LONG, d) + ").applyAsLong(" + e.of(Ty.LONG, d) + ")");
                forms.add(() -> "((LongSupplier) () -> " + inLambda(List.of(), Ty.LONG, d) + ").getAsLong()");
            }
            case DOUBLE -> forms.add(() -> "((DoubleUnaryOperator) " + lambda("p", Ty.DOUBLE, Ty.DOUBLE, d) + ").applyAsDouble("
                    + e.of(Ty.DOUBLE, d) + ")");
            case FLOAT -> forms.add(() -> "((float) ((DoubleSupplier) () -> " + inLambda(List.of(), Ty.DOUBLE, d) + ").getAsDouble())");
            case STRING -> {
                forms.add(() -> "((Supplier<String>) () -> " + inLambda(List.of(), Ty.STRING, d) + ").get()");
                forms.add(() -> "((BiFunction<String, Integer, String>) " + lambda2("p", Ty.STRING, "q", Ty.INTEGER, Ty.STRING, d)
                        + ").apply(" + e.of(Ty.STRING, d) + ", " + e.of(Ty.INT, d) + ")");
            }
            case INTS, LONGS, DOUBLES, BOX, LIST -> forms.add(() -> "((Supplier<" + boxed(ty) + ">) () -> "
                    + inLambda(List.of(), ty, d) + ").get()");
            default -> {
            }
        }
    }

    private void exactRefs(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.INT) {
            forms.add(() -> "((IntUnaryOperator) (" + e.of(Ty.BOX, d) + ")::add).applyAsInt(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((IntSupplier) (" + e.of(Ty.BOX, d) + ")::get).getAsInt()");
            forms.add(() -> "((SI) Box::sI).ap(t, " + e.of(Ty.INT, d) + ")");
        } else if (ty == Ty.STRING) {
            forms.add(() -> "((Supplier<String>) (" + e.of(Ty.BOX, d) + ")::name).get()");
            forms.add(() -> "((UnaryOperator<String>) (" + e.of(Ty.BOX, d) + ")::tag).apply(" + e.of(Ty.STRING, d) + ")");
        }
    }

    private void receiverCastRefs(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.INT) {
            forms.add(() -> "((ToIntFunction<Box>) Box::get).applyAsInt(" + e.of(Ty.BOX, d) + ")");
        } else if (ty == Ty.STRING) {
            forms.add(() -> "((Function<Box, String>) Box::name).apply(" + e.of(Ty.BOX, d) + ")");
            forms.add(() -> "((BiFunction<Box, String, String>) Box::tag).apply(" + e.of(Ty.BOX, d) + ", "
                    + e.of(Ty.STRING, d) + ")");
        }
    }

    private void boxingRefs(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.INT) {
            forms.add(() -> "((int) ((Function<Integer, Integer>) (" + e.of(Ty.BOX, d) + ")::add).apply(" + e.of(Ty.INT, d) + "))");
            forms.add(() -> "((int) ((Supplier<Integer>) (" + e.of(Ty.BOX, d) + ")::get).get())");
            forms.add(() -> "((int) ((BiFunction<Trace, Integer, Integer>) Box::sI).apply(t, " + e.of(Ty.INT, d) + "))");
            forms.add(() -> "((ToIntFunction<Integer>) (" + e.of(Ty.BOX, d) + ")::add).applyAsInt(" + e.of(Ty.INTEGER, d) + ")");
        } else if (ty == Ty.LONG) {
            forms.add(() -> "((long) ((Function<Integer, Long>) (" + e.of(Ty.BOX, d) + ")::twice).apply(" + e.of(Ty.INT, d) + "))");
        } else if (ty == Ty.INTEGER) {
            forms.add(() -> "((IntFunction<Integer>) (" + e.of(Ty.BOX, d) + ")::add).apply(" + e.of(Ty.INT, d) + ")");
        }
    }

    private void wideningRefs(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.LONG) {
            forms.add(() -> "((IntToLongFunction) (" + e.of(Ty.BOX, d) + ")::add).applyAsLong(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((LongSupplier) (" + e.of(Ty.BOX, d) + ")::get).getAsLong()");
        } else if (ty == Ty.DOUBLE) {
            forms.add(() -> "((IntToDoubleFunction) (" + e.of(Ty.BOX, d) + ")::add).applyAsDouble(" + e.of(Ty.INT, d) + ")");
        } else if (ty == Ty.INT) {
            forms.add(() -> "((IntUnaryOperator) (" + e.of(Ty.BOX, d) + ")::addL).applyAsInt(" + e.of(Ty.INT, d) + ")");
        }
    }

    private void varargsRefs(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.INT) {
            forms.add(() -> "((IntBinaryOperator) (" + e.of(Ty.BOX, d) + ")::sum).applyAsInt(" + e.of(Ty.INT, d) + ", "
                    + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((IntUnaryOperator) (" + e.of(Ty.BOX, d) + ")::sum).applyAsInt(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((IntSupplier) (" + e.of(Ty.BOX, d) + ")::sum).getAsInt()");
        } else if (ty == Ty.STRING) {
            forms.add(() -> "((TS) Box::join).ap(t, " + e.of(Ty.STRING, d) + ", " + e.of(Ty.STRING, d) + ")");
        }
    }

    private void constructorRefs(Ty ty, int d, List<Supplier<String>> forms) {
        switch (ty) {
            case BOX -> forms.add(() -> "((BoxMaker) Box::new).make(t, " + e.of(Ty.INT, d) + ", " + e.of(Ty.STRING, d) + ")");
            case INTS -> forms.add(() -> "((IntFunction<int[]>) int[]::new).apply(Math.floorMod(" + e.of(Ty.INT, d) + ", 3) + 1)");
            case LIST -> forms.add(() -> "((Supplier<List<Integer>>) ArrayList::new).get()");
            case STRING -> forms.add(() -> "((Function<String, String>) String::new).apply(" + e.of(Ty.STRING, d) + ")");
            default -> {
            }
        }
    }

    private void streams(Ty ty, int d, List<Supplier<String>> forms) {
        switch (ty) {
            case INT -> {
                forms.add(() -> "(" + e.of(Ty.LIST, d) + ").stream().mapToInt(" + lambda("p", Ty.INTEGER, Ty.INT, d) + ").sum()");
                forms.add(() -> "((int) (" + e.of(Ty.LIST, d) + ").stream().reduce(0, "
                        + lambda2("p", Ty.INTEGER, "q", Ty.INTEGER, Ty.INT, d) + "))");
                forms.add(() -> "IntStream.rangeClosed(1, " + c.below(4) + ").map(" + lambda("p", Ty.INT, Ty.INT, d) + ").sum()");
            }
            case LONG -> forms.add(() -> "(" + e.of(Ty.LIST, d) + ").stream().filter(" + lambda("p", Ty.INTEGER, Ty.BOOLEAN, d)
                    + ").count()");
            case LIST -> {
                forms.add(() -> "(" + e.of(Ty.LIST, d) + ").stream().map(" + lambda("p", Ty.INTEGER, Ty.INT, d)
                        + ").collect(Collectors.toList())");
                forms.add(() -> "IntStream.range(0, " + c.below(4) + ").map(" + lambda("p", Ty.INT, Ty.INT, d)
                        + ").boxed().collect(Collectors.toList())");
                forms.add(() -> "(" + e.of(Ty.LIST, d) + ").stream().sorted((p, q) -> Integer.compare(t.yi(q), p))"
                        + ".collect(Collectors.toList())");
            }
            case STRING -> forms.add(() -> "(" + e.of(Ty.LIST, d) + ").stream().map(" + lambda("p", Ty.INTEGER, Ty.STRING, d)
                    + ").collect(Collectors.joining(\",\"))");
            case INTS -> forms.add(() -> "IntStream.of(" + e.of(Ty.INT, d) + ", " + e.of(Ty.INT, d) + ").map("
                    + lambda("p", Ty.INT, Ty.INT, d) + ").toArray()");
            default -> {
            }
        }
    }

    private void wrappers(Ty ty, int d, List<Supplier<String>> forms) {
        if (ty == Ty.INT) {
            forms.add(() -> "((int) ((Function<Integer, Integer>) " + lambda("p", Ty.INTEGER, Ty.INT, d) + ").andThen("
                    + lambda("q", Ty.INTEGER, Ty.INT, d) + ").apply(" + e.of(Ty.INT, d) + "))");
            forms.add(() -> "IntUnaryOperator.identity().applyAsInt(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((IntUnaryOperator) " + lambda("p", Ty.INT, Ty.INT, d) + ").andThen("
                    + lambda("q", Ty.INT, Ty.INT, d) + ").applyAsInt(" + e.of(Ty.INT, d) + ")");
            forms.add(() -> "((int) ((Function<Integer, Integer>) " + lambda("p", Ty.INTEGER, Ty.INT, d) + ").compose("
                    + "(Integer q) -> t.yi(q - 1)).apply(" + e.of(Ty.INT, d) + "))");
            forms.add(() -> "((int) Optional.of(" + e.of(Ty.INT, d) + ").map(" + lambda("p", Ty.INTEGER, Ty.INT, d) + ").orElse(0))");
        } else if (ty == Ty.STRING) {
            forms.add(() -> "((Function<String, String>) " + lambda("p", Ty.STRING, Ty.STRING, d) + ").andThen("
                    + lambda("q", Ty.STRING, Ty.STRING, d) + ").apply(" + e.of(Ty.STRING, d) + ")");
        }
    }

    private void virtual(int d, List<Supplier<String>> forms) {
        forms.add(() -> "new Sub(t, " + k() + ").g(" + e.of(Ty.INT, d) + ")");
        forms.add(() -> "(" + e.of(Ty.BOOLEAN, d) + " ? new Base(t, " + k() + ") : new Sub(t, " + k() + ")).f(" + e.of(Ty.INT, d) + ")");
        forms.add(() -> "((Shape) (" + e.of(Ty.BOOLEAN, d) + " ? new Sq(" + k() + ") : new Tri(" + k() + "))).twice(t, "
                + e.of(Ty.INT, d) + ")");
        forms.add(() -> "new Tri(" + k() + ").area(t, " + e.of(Ty.INT, d) + ")");
        forms.add(() -> "((Base) new Sub(t, " + k() + ")).g(" + e.of(Ty.INT, d) + ")");
    }

    private String k() {
        return Integer.toString(c.below(7) - 2);
    }

    /** {@code p -> body}: a one-parameter lambda; the parameter is visible (immutable) in the body. */
    String lambda(String param, Ty paramType, Ty bodyType, int d) {
        String name = g.fresh(param);
        return name + " -> " + inLambda(List.of(Scope.Var.fixed(name, paramType)), bodyType, d);
    }

    private String lambda2(String p1, Ty t1, String p2, Ty t2, Ty bodyType, int d) {
        String a = g.fresh(p1);
        String b = g.fresh(p2);
        return "(" + a + ", " + b + ") -> " + inLambda(List.of(Scope.Var.fixed(a, t1), Scope.Var.fixed(b, t2)), bodyType, d);
    }

    /** A lambda body expression of {@code bodyType}: it suspends at least once, and sees only the parameters and final locals. */
    private String inLambda(List<Scope.Var> params, Ty bodyType, int d) {
        int previous = g.scope.enterLambda();
        try {
            for (Scope.Var p : params) {
                g.scope.add(Scope.Var.fixed(p.name(), p.type()));
            }
            return e.suspending(bodyType, d);
        } finally {
            g.scope.leaveLambda(previous);
        }
    }

    static String boxed(Ty ty) {
        return switch (ty) {
            case INT -> "Integer";
            case LONG -> "Long";
            case DOUBLE -> "Double";
            case FLOAT -> "Float";
            case BOOLEAN -> "Boolean";
            case BYTE -> "Byte";
            case CHAR -> "Character";
            case SHORT -> "Short";
            default -> ty.java;
        };
    }
}
