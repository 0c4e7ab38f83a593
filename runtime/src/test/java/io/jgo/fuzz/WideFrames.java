package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the statements of {@link Feature#WIDE_FRAMES}: frames that are wide at a suspension point.
 * A concatenation or a right-nested expression with many suspending operands of every type (the
 * operand stack deep under each suspension, and one value deeper at the next, so records grow
 * from one suspension to the next), a static call or a {@code new} whose many arguments suspend
 * (up to the JVM's 255 parameter slots, which a {@code long} or {@code double} takes two of), and a
 * block of many live locals (up to ~250 slots) across suspensions. Sizes come from the choices, so
 * shrinking makes them small. The rewrite's code grows with saved values times suspension points,
 * so each shape suspends at a share of its operands, a program gets at most {@link #PER_PROGRAM} of
 * them, a method at most one, and none is written in a finally block (javac copies it into each way
 * out of its try, 3 copies or more, and each copy is rewritten): generated methods stay well under
 * the JVM's 64 KiB (a wide call in a finally block, with another wide statement in its method, was
 * measured at 42 KB of rewritten code).
 */
final class WideFrames {

    /** Wide statements in one program, at most. */
    static final int PER_PROGRAM = 2;

    /** What a program's wide statements need: the callees and classes they call, written after the methods. */
    static final class State {
        final List<String> declarations = new ArrayList<>();
        /** The methods that have their wide statement (one each). */
        final Set<String> methods = new HashSet<>();
        int statements;
        int types;
    }

    /** Value types whose string form is deterministic, each primitive width among them. */
    private static final Ty[] TYPES = {Ty.INT, Ty.LONG, Ty.FLOAT, Ty.DOUBLE, Ty.BOOLEAN, Ty.BYTE, Ty.CHAR, Ty.SHORT,
        Ty.STRING, Ty.INTEGER, Ty.BOX};

    private final GenContext g;
    private final Choices c;
    private final Expressions e;
    private final Code out;

    WideFrames(GenContext g, Expressions e, Code out) {
        this.g = g;
        this.c = g.choices;
        this.e = e;
        this.out = out;
    }

    /** Writes one wide statement, or an ordinary trace once the program has its share. */
    void statement(Runnable otherwise) {
        State s = g.wide;
        if (s.statements >= PER_PROGRAM || g.copiedBlocks > 0 || s.methods.contains(g.current.name())) {
            otherwise.run();
            return;
        }
        s.statements++;
        s.methods.add(g.current.name());
        switch (c.below(5)) {
            case 1 -> out.line("t.v(\"" + g.fresh("wide") + "\", " + nested() + ");");
            case 2 -> out.line("t.v(\"" + g.fresh("wide") + "\", " + call(false) + ");");
            case 3 -> out.line("t.v(\"" + g.fresh("wide") + "\", " + call(true) + ");");
            case 4 -> locals();
            default -> out.line("t.v(\"" + g.fresh("wide") + "\", " + concat() + ");");
        }
    }

    private Ty type() {
        return TYPES[c.below(TYPES.length)];
    }

    /** An operand of type {@code ty}: a suspension point passing a leaf through (or, at {@code percent} off, the leaf itself). */
    private String operand(Ty ty, int percent) {
        String leaf = e.leaf(ty);
        return c.chance(percent) ? "t." + ty.yield + "(" + leaf + ")" : leaf;
    }

    /** {@code "" + a + b + ...}: up to 60 operands, most of them suspending. */
    private String concat() {
        int n = 2 + c.below(59);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parts.add(operand(type(), 80));
        }
        return "(\"\" + " + String.join(" + ", parts) + ")";
    }

    /**
     * {@code a + ("" + (b + ("" + ...)))}: up to 200 operands of their own types on the operand stack
     * at once (a concatenation takes at most 200 slots, so javac would split a flat one).
     */
    private String nested() {
        int n = 2 + c.below(199);
        int percent = n > 60 ? 10 : 50;
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n - 1; i++) {
            s.append(operand(type(), percent)).append(" + (\"\" + (");
        }
        s.append(operand(type(), 100));
        return s.append(")".repeat(2 * (n - 1))).toString();
    }

    /** A static call or a {@code new} of up to 255 parameter slots of arguments, a share of them suspending. */
    private String call(boolean ctor) {
        int slots = 1 + c.below(254);
        List<Ty> params = new ArrayList<>();
        int used = 0;
        while (true) {
            Ty ty = type();
            int size = ty == Ty.LONG || ty == Ty.DOUBLE ? 2 : 1;
            if (used + size > slots - (ctor ? 1 : 0)) {
                break;
            }
            params.add(ty);
            used += size;
        }
        int percent = params.size() > 60 ? 5 : 40;
        List<String> args = new ArrayList<>();
        List<String> decls = new ArrayList<>();
        List<String> uses = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            Ty ty = params.get(i);
            args.add(operand(ty, percent));
            decls.add(ty.java + " p" + i);
            uses.add(ty == Ty.BOX ? "p" + i + ".a" : "p" + i);
        }
        String name = (ctor ? "WideNew" : "wideSink") + g.wide.types++;
        String body = uses.isEmpty() ? "\"\"" : "\"\" + " + String.join(" + \",\" + ", uses);
        if (ctor) {
            g.wide.declarations.add("static final class " + name + " { final String s; " + name + "("
                    + String.join(", ", decls) + ") { s = " + body + "; } }");
            return "new " + name + "(" + String.join(", ", args) + ").s";
        }
        g.wide.declarations.add("static String " + name + "(" + String.join(", ", decls) + ") { return " + body + "; }");
        return name + "(" + String.join(", ", args) + ")";
    }

    /** A block of up to 160 locals, each live to its end, with suspensions among them and after them. */
    private void locals() {
        int n = 1 + c.below(160);
        out.open("");
        g.scope.push();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Ty ty = type();
            String name = g.fresh("w");
            out.line(ty.java + " " + name + " = " + operand(ty, 3) + ";");
            names.add(name);
        }
        out.line("t.yv();");
        for (String name : names) {
            out.line("t.v(\"" + name + "\", " + name + ");");
        }
        g.scope.pop();
        out.close();
    }

    /** The callees and classes the program's wide statements use. */
    static void write(Code out, GenContext g) {
        for (String declaration : g.wide.declarations) {
            out.line(declaration);
        }
    }
}
