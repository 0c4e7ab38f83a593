package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the programs of the wide-frame range test: deterministic shapes that sweep the size of a
 * suspending frame's record over its whole range, each as a {@link FuzzProgram} the
 * {@link FuzzHarness} runs every way against plain Java.
 * <ul>
 *   <li>operand-stack depth: one right-nested expression {@code y(v0) OP (y(v1) OP (... y(vN)))}
 *       suspends with 0, 1, ... N values below the call, so one program passes every depth up
 *       to N; N crosses the record encodings' boundaries (1,024 primitive or reference slots);</li>
 *   <li>a call's arguments: a call (or a {@code new}) with every argument suspending, up to the
 *       JVM's 255 parameter slots;</li>
 *   <li>live locals: a method that declares one more local after each suspension, up to ~250 slots;</li>
 *   <li>suspension points in one method: more than a compact record's labels (512).</li>
 * </ul>
 * Each of the primitive types, references, and a mix of them all.
 */
final class WideShapes {

    /** The value types swept: every primitive, a reference, and all of them mixed. */
    enum Kind {
        INT, LONG, FLOAT, DOUBLE, BOOLEAN, BYTE, CHAR, SHORT, REF, MIXED;

        /** The type of the i-th value (MIXED cycles through the others). */
        Ty ty(int i) {
            return switch (this) {
                case INT -> Ty.INT;
                case LONG -> Ty.LONG;
                case FLOAT -> Ty.FLOAT;
                case DOUBLE -> Ty.DOUBLE;
                case BOOLEAN -> Ty.BOOLEAN;
                case BYTE -> Ty.BYTE;
                case CHAR -> Ty.CHAR;
                case SHORT -> Ty.SHORT;
                case REF -> Ty.STRING;
                case MIXED -> MIX[i % MIX.length];
            };
        }

        /** Parameter slots of the i-th value. */
        int slots(int i) {
            Ty t = ty(i);
            return t == Ty.LONG || t == Ty.DOUBLE ? 2 : 1;
        }
    }

    private static final Ty[] MIX = {Ty.INT, Ty.LONG, Ty.STRING, Ty.FLOAT, Ty.DOUBLE, Ty.BOOLEAN, Ty.BYTE, Ty.CHAR,
        Ty.SHORT, Ty.INTEGER};

    private WideShapes() {
    }

    /** {@code t.yX(literal)}: a suspension point passing the i-th value of its type. */
    static String suspending(Ty ty, int i) {
        return "t." + ty.yield + "(" + literal(ty, i) + ")";
    }

    static String literal(Ty ty, int i) {
        return switch (ty) {
            case INT -> Integer.toString(i * 7 - 3);
            case LONG -> (i * 1_000_000_007L) + "L";
            case FLOAT -> i + ".5f";
            case DOUBLE -> i + ".25";
            case BOOLEAN -> (i % 3 == 0) ? "true" : "false";
            case BYTE -> "(byte) " + (i % 200 - 100);
            case CHAR -> "(char) " + (65 + i % 50);
            case SHORT -> "(short) " + (i * 31 % 30000);
            case STRING -> "\"s" + i + "\"";
            case INTEGER -> "Integer.valueOf(" + i + ")";
            default -> throw new IllegalArgumentException(ty.name());
        };
    }

    /** Suspends at the last operand and at every {@code stride}-th one (the rewrite's code grows with depth times suspensions). */
    static boolean suspendsAt(int i, int count, int stride) {
        return i == count - 1 || i % stride == stride - 1;
    }

    /** The i-th operand: a suspension point, or a read of the method's local of its type (no constant javac could fold). */
    static String operand(Kind kind, int i, boolean suspends) {
        Ty ty = kind.ty(i);
        return suspends ? suspending(ty, i) : local(ty);
    }

    /** Name of the method's local of a type, declared by {@link #declareLocals}. */
    static String local(Ty ty) {
        return "k" + ty.name().toLowerCase();
    }

    /** One local of each type a kind uses, set from a suspension point. */
    static void declareLocals(Code out, Kind kind) {
        java.util.Set<Ty> seen = java.util.EnumSet.noneOf(Ty.class);
        for (int i = 0; i < 12; i++) {
            Ty ty = kind.ty(i);
            if (seen.add(ty)) {
                out.line(javaType(ty) + " " + local(ty) + " = " + suspending(ty, 100 + i) + ";");
            }
        }
    }

    static String javaType(Ty ty) {
        return ty == Ty.INTEGER ? "Integer" : ty.java;
    }

    /**
     * A right-nested expression of {@code depth} operands of {@code kind}: the operands to the left
     * stay on the operand stack while the ones to the right are evaluated, so the suspension at
     * operand i has i values below it. Same-type arithmetic for numbers (int for byte, char,
     * short), {@code &} for booleans, and concatenation for references and for a mix
     * ({@code x + ("" + (rest))}: each operand stays on the stack as its own type).
     */
    static String nested(Kind kind, int depth, int stride) {
        boolean strings = kind == Kind.REF || kind == Kind.MIXED;
        StringBuilder out = new StringBuilder();
        int closes = 0;
        for (int i = 0; i < depth; i++) {
            String x = operand(kind, i, suspendsAt(i, depth, stride));
            if (i == depth - 1) {
                out.append(strings ? "(\"\" + " + x + ")" : x);
            } else if (strings) {
                out.append(x).append(" + (\"\" + (");
                closes += 2;
            } else {
                out.append(x).append(' ').append(operator(kind)).append(" (");
                closes++;
            }
        }
        return out.append(")".repeat(closes)).toString();
    }

    private static String operator(Kind kind) {
        return switch (kind) {
            case BOOLEAN -> "&";
            case REF, MIXED -> "+";
            case INT, LONG, BYTE, CHAR, SHORT -> "^";
            default -> "+";
        };
    }

    /** Java type of {@link #nested}'s result. */
    static String nestedType(Kind kind) {
        return switch (kind) {
            case LONG -> "long";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case BOOLEAN -> "boolean";
            case INT, BYTE, CHAR, SHORT -> "int";
            default -> "String";
        };
    }

    /** The most values of {@code kind} a method's parameters can take besides {@code reserved} slots. */
    static int maxArguments(Kind kind, int reserved) {
        int slots = 0;
        int n = 0;
        while (slots + kind.slots(n) <= 255 - reserved) {
            slots += kind.slots(n);
            n++;
        }
        return n;
    }

    /**
     * One method of a program: {@code shape} is {@code nested} (operand-stack depth {@code size}),
     * {@code args} (a static call of {@code size} arguments), {@code ctor} (a {@code new} of as many),
     * {@code locals} ({@code size} live locals) or {@code labels} ({@code size} suspension points);
     * besides the last operand, every {@code stride}-th one suspends.
     */
    record Part(String shape, int size, int stride) {
    }

    /** A program calling one method per part, each of values of {@code kind}. */
    static ProgramSource program(String className, Kind kind, List<Part> parts) {
        Code out = new Code();
        out.line("import io.jgo.Goroutine;");
        out.line("import io.jgo.fuzz.FuzzProgram;");
        out.line("import io.jgo.fuzz.Trace;");
        out.line("");
        out.line("@SuppressWarnings(\"all\")");
        out.open("public final class " + className + " extends FuzzProgram");
        out.line("public " + className + "(Trace t) { super(t); }");
        out.line("");
        out.line("@Goroutine");
        out.line("@Override");
        out.open("public void run()");
        out.open("try");
        for (int i = 0; i < parts.size(); i++) {
            out.line("m" + i + "(t);");
        }
        out.reopen(" catch (RuntimeException | Error e) {");
        out.line("t.caught(\"top\", e);");
        out.close();
        out.close();
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            String name = "m" + i;
            out.line("");
            out.line("/** " + part + " */");
            switch (part.shape()) {
                case "nested" -> nestedMethod(out, name, kind, part.size(), part.stride());
                case "args" -> argsMethods(out, name, kind, part.size(), part.stride(), false);
                case "ctor" -> argsMethods(out, name, kind, part.size(), part.stride(), true);
                case "locals" -> localsMethod(out, name, kind, part.size(), part.stride());
                case "labels" -> labelsMethod(out, name, kind, part.size());
                default -> throw new IllegalArgumentException(part.shape());
            }
        }
        out.close();
        return new ProgramSource(className, out.toString());
    }

    private static void nestedMethod(Code out, String name, Kind kind, int depth, int stride) {
        out.line("@Goroutine");
        out.open("static void " + name + "(Trace t)");
        declareLocals(out, kind);
        out.line("String kept = \"kept" + depth + "\";");
        out.line(nestedType(kind) + " r = " + nested(kind, depth, stride) + ";");
        out.line("t.v(\"nested" + depth + "\", r);");
        out.line("t.v(\"kept\", kept);");
        out.close();
    }

    private static void argsMethods(Code out, String name, Kind kind, int n, int stride, boolean ctor) {
        List<String> params = new ArrayList<>();
        List<String> args = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Ty ty = kind.ty(i);
            params.add(javaType(ty) + " p" + i);
            args.add(operand(kind, i, suspendsAt(i, n, stride)));
            parts.add("p" + i);
        }
        String body = parts.isEmpty() ? "\"\"" : "\"\" + " + String.join(" + \",\" + ", parts);
        if (ctor) {
            out.open("static final class W" + name);
            out.line("final String s;");
            out.open("W" + name + "(" + String.join(", ", params) + ")");
            out.line("s = " + body + ";");
            out.close();
            out.close();
        } else {
            out.open("static String sink" + name + "(" + String.join(", ", params) + ")");
            out.line("return " + body + ";");
            out.close();
        }
        out.line("@Goroutine");
        out.open("static void " + name + "(Trace t)");
        declareLocals(out, kind);
        out.line("int before = t.yi(7);");
        String call = ctor ? "new W" + name + "(" + String.join(", ", args) + ").s" : "sink" + name + "(" + String.join(", ", args) + ")";
        out.line("t.v(\"args" + n + "\", " + call + ");");
        out.line("t.v(\"before\", before);");
        out.close();
    }

    /** Declares {@code n} locals, each live to the end, with a suspension after every {@code stride}-th and after the last. */
    private static void localsMethod(Code out, String method, Kind kind, int n, int stride) {
        out.line("@Goroutine");
        out.open("static void " + method + "(Trace t)");
        declareLocals(out, kind);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Ty ty = kind.ty(i);
            String name = "l" + i;
            boolean suspends = i % stride == stride - 1;
            out.line(javaType(ty) + " " + name + " = " + (suspends ? suspending(ty, i) : literal(ty, i)) + ";");
            names.add(name);
        }
        out.line("t.yv();");
        for (String name : names) {
            out.line("t.v(\"" + name + "\", " + name + ");");
        }
        out.close();
    }

    /** {@code n} suspension points in one method (its records' labels pass a compact tail's 511). */
    private static void labelsMethod(Code out, String method, Kind kind, int n) {
        out.line("@Goroutine");
        out.open("static void " + method + "(Trace t)");
        out.line(javaType(kind.ty(0)) + " before = " + suspending(kind.ty(0), 5) + ";");
        for (int i = 0; i < n; i++) {
            out.line("t.yv();");
        }
        out.line("t.v(\"before\", before);");
        out.close();
    }
}
