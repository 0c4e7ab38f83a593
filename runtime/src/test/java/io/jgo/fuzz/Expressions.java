package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes expressions of a given {@link Ty}, nested up to a depth. Every form is chosen by the
 * {@link Choices}, alternative 0 being a leaf (a literal or a local). Suspension points sit inside
 * operands, so values of every type are on the operand stack when a frame unwinds. Expressions never
 * throw by accident: divisors are made odd, indices are taken modulo the length, nothing is null.
 */
final class Expressions {

    private final GenContext g;
    private final Choices c;
    private final Literals literals;
    private final Callables callables;

    Expressions(GenContext g) {
        this.g = g;
        this.c = g.choices;
        this.literals = new Literals(c);
        this.callables = new Callables(g, this);
    }

    String of(Ty ty, int depth) {
        if (depth <= 0) {
            return leaf(ty);
        }
        int d = depth - 1;
        return switch (ty) {
            case INT -> intExpr(d);
            case LONG -> longExpr(d);
            case FLOAT, DOUBLE -> floating(ty, d);
            case BOOLEAN -> bool(d);
            case BYTE, CHAR, SHORT -> small(ty, d);
            case STRING -> string(d);
            case INTEGER -> integer(d);
            case INTS, LONGS, DOUBLES -> array(ty, d);
            case BOX -> box(d);
            case LIST -> list(d);
        };
    }

    /** A literal or a readable local. */
    String leaf(Ty ty) {
        List<Scope.Var> vars = g.scope.readable(ty);
        if (!vars.isEmpty() && c.chance(60)) {
            return vars.get(c.below(vars.size())).name();
        }
        return literals.of(ty);
    }

    /** {@code t.yX(e)}: a suspension point that passes the value through. */
    String suspending(Ty ty, int d) {
        return "t." + ty.yield + "(" + of(ty, d) + ")";
    }

    private String intExpr(int d) {
        switch (c.weighted(3, 4, 4, 2, 2, 1, 1, 2, 3)) {
            case 1: return suspending(Ty.INT, d);
            case 2: return binary(Ty.INT, d);
            case 3: return "((int) " + of(pickOf(Ty.LONG, Ty.DOUBLE, Ty.FLOAT, Ty.CHAR, Ty.BYTE, Ty.SHORT, Ty.INTEGER), d) + ")";
            case 4: return callables.call(Ty.INT, d);
            case 5: return ternary(Ty.INT, d);
            case 6: return element(Ty.INTS, d);
            case 7: return intFromObjects(d);
            case 8: return callables.functional(Ty.INT, d);
            default: return leaf(Ty.INT);
        }
    }

    private String intFromObjects(int d) {
        return switch (c.below(4)) {
            case 1 -> "(" + of(Ty.BOX, d) + ").get()";
            case 2 -> "(" + of(Ty.LIST, d) + ").size()";
            case 3 -> "(" + of(Ty.INTS, d) + ").length";
            default -> "(" + of(Ty.STRING, d) + ").length()";
        };
    }

    private String longExpr(int d) {
        switch (c.weighted(3, 4, 4, 2, 2, 1, 1, 2)) {
            case 1: return suspending(Ty.LONG, d);
            case 2: return binary(Ty.LONG, d);
            case 3: return "((long) " + of(pickOf(Ty.INT, Ty.DOUBLE, Ty.FLOAT, Ty.CHAR, Ty.SHORT), d) + ")";
            case 4: return callables.call(Ty.LONG, d);
            case 5: return ternary(Ty.LONG, d);
            case 6: return element(Ty.LONGS, d);
            case 7: return callables.functional(Ty.LONG, d);
            default: return leaf(Ty.LONG);
        }
    }

    private String floating(Ty ty, int d) {
        switch (c.weighted(3, 4, 4, 2, 2, 1, 1, 1)) {
            case 1: return suspending(ty, d);
            case 2: return binary(ty, d);
            case 3: return "((" + ty.java + ") " + of(pickOf(Ty.INT, Ty.LONG, Ty.FLOAT, Ty.DOUBLE, Ty.CHAR), d) + ")";
            case 4: return callables.call(ty, d);
            case 5: return ternary(ty, d);
            case 6: return ty == Ty.DOUBLE ? element(Ty.DOUBLES, d) : "((float) " + element(Ty.DOUBLES, d) + ")";
            case 7: return callables.functional(ty, d);
            default: return leaf(ty);
        }
    }

    private String small(Ty ty, int d) {
        switch (c.weighted(3, 4, 3, 2, 2, 1)) {
            case 1: return suspending(ty, d);
            case 2: return "((" + ty.java + ") (" + of(pickOf(Ty.INT, ty), d) + " " + pick("+", "-", "*", "^") + " "
                    + of(pickOf(Ty.INT, ty, Ty.BYTE), d) + "))";
            case 3: return "((" + ty.java + ") " + of(pickOf(Ty.INT, Ty.LONG, Ty.DOUBLE, Ty.CHAR, Ty.BYTE, Ty.SHORT), d) + ")";
            case 4: return callables.call(ty, d);
            case 5: return ternary(ty, d);
            default: return leaf(ty);
        }
    }

    private String bool(int d) {
        switch (c.weighted(3, 3, 4, 2, 1, 1, 1, 1)) {
            case 1: return suspending(Ty.BOOLEAN, d);
            case 2: {
                Ty t = pickOf(Ty.INT, Ty.LONG, Ty.DOUBLE, Ty.CHAR, Ty.FLOAT, Ty.BYTE);
                return "(" + of(t, d) + " " + pick("<", "<=", "==", "!=", ">", ">=") + " " + of(t, d) + ")";
            }
            case 3: return "(" + of(Ty.BOOLEAN, d) + " " + pick("&&", "||", "^", "&") + " " + of(Ty.BOOLEAN, d) + ")";
            case 4: return "(!" + of(Ty.BOOLEAN, d) + ")";
            case 5: return callables.call(Ty.BOOLEAN, d);
            case 6: return "(" + of(Ty.STRING, d) + ").equals(" + of(Ty.STRING, d) + ")";
            case 7: return ternary(Ty.BOOLEAN, d);
            default: return leaf(Ty.BOOLEAN);
        }
    }

    private String string(int d) {
        switch (c.weighted(3, 3, 4, 2, 2, 1, 1, 1)) {
            case 1: return suspending(Ty.STRING, d);
            case 2: return "(" + of(printable(), d) + " + \"" + pick("|", ",", "") + "\" + " + of(printable(), d) + ")";
            case 3: return "String.valueOf(" + of(printable(), d) + ")";
            case 4: return callables.call(Ty.STRING, d);
            case 5: return ternary(Ty.STRING, d);
            case 6: return "java.util.Arrays.toString(" + of(pickOf(Ty.INTS, Ty.LONGS, Ty.DOUBLES), d) + ")";
            case 7: return callables.functional(Ty.STRING, d);
            default: return leaf(Ty.STRING);
        }
    }

    private String integer(int d) {
        switch (c.weighted(3, 3, 3, 2, 1)) {
            case 1: return suspending(Ty.INTEGER, d);
            case 2: return "Integer.valueOf(" + of(Ty.INT, d) + ")";
            case 3: return callables.call(Ty.INTEGER, d);
            case 4: return ternary(Ty.INTEGER, d);
            default: return leaf(Ty.INTEGER);
        }
    }

    private String array(Ty ty, int d) {
        switch (c.weighted(3, 2, 3, 2, 1, 1)) {
            case 1: return suspending(ty, d);
            case 2: {
                int n = 1 + c.below(3);
                List<String> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(of(ty.element(), d));
                }
                return "new " + ty.java + " {" + String.join(", ", items) + "}";
            }
            case 3: return callables.call(ty, d);
            case 4: return "(" + of(ty, d) + ").clone()";
            case 5: return callables.functional(ty, d);
            default: return leaf(ty);
        }
    }

    private String box(int d) {
        switch (c.weighted(3, 2, 4, 2, 1, 1)) {
            case 1: return suspending(Ty.BOX, d);
            case 2: return "new Box(t, " + of(Ty.INT, d) + ", " + of(Ty.STRING, d) + ")";
            case 3: return callables.call(Ty.BOX, d);
            case 4: return "Box.make(t, " + of(Ty.INT, d) + ")";
            case 5: return callables.functional(Ty.BOX, d);
            default: return leaf(Ty.BOX);
        }
    }

    private String list(int d) {
        switch (c.weighted(3, 2, 3, 2, 2)) {
            case 1: return suspending(Ty.LIST, d);
            case 2: return "new ArrayList<>(List.of(" + of(Ty.INT, d) + ", " + of(Ty.INT, d) + "))";
            case 3: return callables.call(Ty.LIST, d);
            case 4: return callables.functional(Ty.LIST, d);
            default: return leaf(Ty.LIST);
        }
    }

    private String binary(Ty ty, int d) {
        String a = of(ty, d);
        String b = of(ty, d);
        if (ty == Ty.INT || ty == Ty.LONG) {
            String one = ty == Ty.INT ? "1" : "1L";
            return switch (c.below(8)) {
                case 1 -> "(" + a + " - " + b + ")";
                case 2 -> "(" + a + " * " + b + ")";
                case 3 -> "(" + a + " / (" + b + " | " + one + "))";
                case 4 -> "(" + a + " % (" + b + " | " + one + "))";
                case 5 -> "(" + a + " " + pick("&", "|", "^") + " " + b + ")";
                case 6 -> "(" + a + " " + pick("<<", ">>", ">>>") + " " + of(Ty.INT, d) + ")";
                case 7 -> "(- " + a + ")";
                default -> "(" + a + " + " + b + ")";
            };
        }
        return "(" + a + " " + pick("+", "-", "*", "/", "%") + " " + b + ")";
    }

    private String ternary(Ty ty, int d) {
        return "(" + of(Ty.BOOLEAN, d) + " ? " + of(ty, d) + " : " + of(ty, d) + ")";
    }

    /** {@code a[i mod length]} over a readable array local, or a literal array. */
    String element(Ty arrayType, int d) {
        List<Scope.Var> vars = g.scope.readable(arrayType);
        String index = of(Ty.INT, d);
        if (vars.isEmpty()) {
            return literals.of(arrayType) + "[0]";
        }
        String a = vars.get(c.below(vars.size())).name();
        return a + "[Math.floorMod(" + index + ", " + a + ".length)]";
    }

    /** Types whose string form is deterministic (arrays print their identity, so they are left out). */
    private Ty printable() {
        return pickOf(Ty.INT, Ty.LONG, Ty.FLOAT, Ty.DOUBLE, Ty.BOOLEAN, Ty.CHAR, Ty.BYTE, Ty.SHORT, Ty.STRING,
                Ty.INTEGER, Ty.BOX, Ty.LIST);
    }

    Ty pickOf(Ty... types) {
        return types[c.below(types.length)];
    }

    String pick(String... options) {
        return options[c.below(options.length)];
    }

    Literals literals() {
        return literals;
    }
}
