package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes one whole program from a list of choices: a class {@code NAME extends FuzzProgram} whose
 * {@code run()} calls {@code m0()} and records what escapes it, the methods {@code m0..mN} (static
 * or instance, @Goroutine or not, of every return and parameter type; a method calls only later
 * ones), and the {@link HelperTypes}. The package line is left out: {@link ProgramSource} adds it.
 */
final class ProgramGenerator {

    /** Statements in a whole program, at most. */
    static final int STATEMENT_BUDGET = 60;

    private ProgramGenerator() {
    }

    static ProgramSource generate(List<Integer> choices, Set<Feature> features, String className) {
        GenContext g = new GenContext(new Choices(choices), features, className, STATEMENT_BUDGET);
        Code out = new Code();
        out.line("import io.jgo.Goroutine;");
        out.line("import io.jgo.fuzz.FuzzProgram;");
        out.line("import io.jgo.fuzz.Trace;");
        out.line("import java.util.*;");
        out.line("import java.util.function.*;");
        out.line("import java.util.stream.*;");
        out.line("");
        out.line("@SuppressWarnings(\"all\")");
        out.open("public final class " + className + " extends FuzzProgram");
        out.line("public " + className + "(Trace t) { super(t); }");
        out.line("");
        out.line("@Goroutine");
        out.line("@Override");
        out.open("public void run()");
        out.open("try");
        out.line("m0();");
        out.reopen(" catch (RuntimeException | Error e) {");
        out.line("t.caught(\"top\", e);");
        out.close();
        out.close();
        g.methods = signatures(g);
        for (MethodSig m : g.methods) {
            out.line("");
            method(out, g, m);
        }
        out.line("");
        HelperTypes.write(out, g);
        OwnedLockStatements.declare(out, g);
        WideFrames.write(out, g);
        out.close();
        return new ProgramSource(className, out.toString());
    }

    private static List<MethodSig> signatures(GenContext g) {
        Choices c = g.choices;
        int n = 1 + c.below(5);
        List<MethodSig> methods = new ArrayList<>();
        methods.add(new MethodSig(0, "m0", false, true, false, null, List.of()));
        Ty[] types = Ty.values();
        for (int i = 1; i < n; i++) {
            boolean isStatic = c.chance(50);
            boolean annotated = !(g.on(Feature.UNANNOTATED_METHODS) && c.chance(15));
            boolean sync = g.on(Feature.SYNCHRONIZED) && c.chance(10);
            Ty returns = c.chance(75) ? types[c.below(types.length)] : null;
            List<Ty> params = new ArrayList<>();
            int arity = c.below(4);
            for (int p = 0; p < arity; p++) {
                params.add(types[c.below(types.length)]);
            }
            methods.add(new MethodSig(i, "m" + i, isStatic, annotated, sync, returns, List.copyOf(params)));
        }
        return methods;
    }

    /**
     * {@link Feature#WIDE_FRAMES}: at the method's end, locals that are traced there, with a
     * suspension point between: every live value is saved there, around one save helper's 255
     * parameter slots. At the end, not the start, so that only a few suspension points see them:
     * each restores every live value in line, and a wide frame at each of the method's suspension
     * points would pass the JVM's 64 KiB of code (the rewrite then rightly refuses the class). Not
     * in a method with a {@link WideFrames} statement: the two together were measured at 40 KB.
     */
    private static void wideLocals(Code out, GenContext g, Expressions e) {
        Ty[] kinds = {Ty.LONG, Ty.DOUBLE, Ty.LONG, Ty.INT, Ty.STRING, Ty.DOUBLE};
        int n = 130 + g.choices.below(61);
        String last = null;
        for (int i = 0; i < n; i++) {
            Ty ty = kinds[g.choices.below(kinds.length)];
            String name = g.fresh("w");
            out.line(ty.java + " " + name + " = " + e.literals().of(ty) + ";");
            g.scope.add(Scope.Var.local(name, ty));
            if (ty == Ty.LONG) {
                last = name;
            }
        }
        out.line("t.v(\"" + g.fresh("wide") + "\", t." + Ty.LONG.yield + "(" + (last == null ? "1L" : last) + "));");
    }

    private static void method(Code out, GenContext g, MethodSig m) {
        g.current = m;
        g.scope = new Scope();
        List<String> params = new ArrayList<>();
        if (m.isStatic()) {
            params.add("Trace t");
        }
        for (int i = 0; i < m.params().size(); i++) {
            params.add(m.params().get(i).java + " " + m.paramName(i));
            g.scope.add(Scope.Var.fixed(m.paramName(i), m.params().get(i)));
        }
        if (m.annotated()) {
            out.line("@Goroutine");
        }
        String modifiers = (m.isStatic() ? "static " : "") + (m.isSynchronized() ? "synchronized " : "");
        out.open(modifiers + (m.returns() == null ? "void" : m.returns().java) + " " + m.name()
                + "(" + String.join(", ", params) + ")");
        Expressions e = new Expressions(g);
        Statements s = new Statements(g, e, out);
        Statements.Where top = new Statements.Where(false, false, true, m.returns(), 0);
        g.scope.push();
        int n = 1 + g.choices.below(8);
        for (int i = 0; i < n && g.statementBudget > 0; i++) {
            s.statement(top);
        }
        if (g.on(Feature.WIDE_FRAMES) && g.choices.chance(25) && !g.wide.methods.contains(m.name())) {
            wideLocals(out, g, e);
        }
        for (Scope.Var v : g.scope.all()) {
            out.line("t.v(\"" + m.name() + "." + v.name() + "\", " + v.name() + ");");
        }
        if (m.returns() != null) {
            out.line("return " + e.of(m.returns(), 2) + ";");
        }
        g.scope.pop();
        out.close();
    }
}
