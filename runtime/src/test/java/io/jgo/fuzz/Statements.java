package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes statements: declarations, assignments, traces, if, loops, switches, try/catch/finally,
 * throws, synchronized blocks, calls, block lambdas, collection operations. Jumps (break,
 * continue, return) are always guarded by an {@code if}, so no statement is ever unreachable, and
 * loops are counted, so every program ends.
 */
final class Statements {

    /**
     * Where a statement stands. {@code loop}: continue allowed; {@code breakable}: break allowed;
     * {@code jumps}: false in a finally block, a lambda and a switch expression (nothing may jump
     * out); {@code returns}: the enclosing method's type (null: void); {@code loops}: nesting depth.
     */
    record Where(boolean loop, boolean breakable, boolean jumps, Ty returns, int loops) {

        /** A loop's own break and continue are allowed even inside a finally block. */
        Where inLoop() {
            return new Where(true, true, jumps, returns, loops + 1);
        }

        Where inOldSwitch() {
            return new Where(loop, true, jumps, returns, loops);
        }

        Where noJumps() {
            return new Where(false, false, false, returns, loops);
        }
    }

    private static final int MAX_LOOP_NESTING = 2;

    private final GenContext g;
    private final Choices c;
    private final Expressions e;
    private final Code out;
    private int labels;

    Statements(GenContext g, Expressions e, Code out) {
        this.g = g;
        this.c = g.choices;
        this.e = e;
        this.out = out;
    }

    /** Up to {@code max} statements in a new block scope. */
    void block(int max, Where w) {
        g.scope.push();
        int n = c.below(max + 1);
        for (int i = 0; i < n && g.statementBudget > 0; i++) {
            statement(w);
        }
        g.scope.pop();
    }

    private String label() {
        return "L" + labels++;
    }

    private int depth() {
        return 1 + c.below(3);
    }

    void statement(Where w) {
        g.statementBudget--;
        if (g.on(Feature.WIDE_FRAMES) && c.chance(4)) {
            new WideFrames(g, e, out).statement(this::trace);
            return;
        }
        switch (c.weighted(4, 5, 4, 2, 2, 2, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1)) {
            case 1 -> declare();
            case 2 -> assign();
            case 3 -> ifElse(w);
            case 4 -> loop(w);
            case 5 -> switchStatement(w);
            case 6 -> tryCatch(w);
            case 7 -> throwIf();
            case 8 -> synchronizedBlock(w);
            case 9 -> callStatement();
            case 10 -> blockLambda();
            case 11 -> collection();
            case 12 -> iteratorLoop(w);
            case 13 -> arrayStore();
            case 14 -> jump(w);
            case 15 -> nested(w);
            case 16 -> mixedPaths();
            case 17 -> OwnedLockStatements.statement(g, this, out, w);
            default -> trace();
        }
    }

    void trace() {
        Ty ty = anyType();
        out.line("t.v(\"" + label() + "\", " + e.of(ty, depth()) + ");");
    }

    private void declare() {
        Ty ty = anyType();
        String name = g.fresh("v");
        out.line(ty.java + " " + name + " = " + e.of(ty, depth()) + ";");
        g.scope.add(Scope.Var.local(name, ty));
    }

    private void assign() {
        List<Scope.Var> vars = g.scope.assignable(null);
        if (vars.isEmpty()) {
            declare();
            return;
        }
        Scope.Var v = vars.get(c.below(vars.size()));
        Ty ty = v.type();
        int form = c.below(3);
        if (form == 1 && (ty.arithmetic() || ty.small())) {
            out.line(v.name() + " " + e.pick("+=", "-=", "*=") + " " + e.of(ty, depth()) + ";");
        } else if (form == 2 && (ty == Ty.INT || ty == Ty.LONG || ty.small())) {
            out.line(e.pick(v.name() + "++;", "--" + v.name() + ";"));
        } else if (form == 1 && ty == Ty.STRING) {
            out.line(v.name() + " += " + e.of(Ty.INT, depth()) + ";");
        } else {
            out.line(v.name() + " = " + e.of(ty, depth()) + ";");
        }
        if (c.chance(50)) {
            out.line("t.v(\"" + label() + "\", " + v.name() + ");");
        }
    }

    private void ifElse(Where w) {
        out.open("if (" + e.of(Ty.BOOLEAN, depth()) + ")");
        block(3, w);
        if (c.chance(50)) {
            out.reopen(" else {");
            block(3, w);
        }
        out.close();
    }

    private void loop(Where w) {
        if (!g.on(Feature.LOOPS) || w.loops() >= MAX_LOOP_NESTING) {
            trace();
            return;
        }
        int bound = 1 + c.below(3);
        String i = g.fresh("i");
        Where inner = w.inLoop();
        switch (c.below(4)) {
            case 1 -> {
                out.line("int " + i + " = 0;");
                out.open("while (" + i + " < " + bound + ")");
                out.line(i + "++;");
                loopBody(i, inner);
                out.close();
            }
            case 2 -> {
                out.line("int " + i + " = 0;");
                out.open("do");
                out.line(i + "++;");
                loopBody(i, inner);
                out.close(" while (" + i + " < " + bound + " && " + e.of(Ty.BOOLEAN, 1) + ");");
            }
            case 3 -> {
                Ty array = e.pickOf(Ty.INTS, Ty.LONGS, Ty.DOUBLES);
                out.open("for (" + array.element().java + " " + i + " : " + e.of(array, depth()) + ")");
                g.scope.push();
                g.scope.add(Scope.Var.fixed(i, array.element()));
                block(3, inner);
                g.scope.pop();
                out.close();
            }
            default -> {
                String extra = c.chance(30) ? " && " + e.of(Ty.BOOLEAN, 1) : "";
                out.open("for (int " + i + " = 0; " + i + " < " + bound + extra + "; " + i + "++)");
                loopBody(i, inner);
                out.close();
            }
        }
    }

    private void loopBody(String counter, Where inner) {
        g.scope.push();
        g.scope.add(Scope.Var.counter(counter));
        block(4, inner);
        g.scope.pop();
    }

    private void iteratorLoop(Where w) {
        if (!g.on(Feature.ITERATOR_LOOPS) || w.loops() >= MAX_LOOP_NESTING) {
            trace();
            return;
        }
        String x = g.fresh("x");
        boolean boxed = c.chance(50);
        out.open("for (" + (boxed ? "Integer" : "int") + " " + x + " : " + e.of(Ty.LIST, depth()) + ")");
        g.scope.push();
        g.scope.add(Scope.Var.fixed(x, boxed ? Ty.INTEGER : Ty.INT));
        block(3, w.inLoop());
        g.scope.pop();
        out.close();
    }

    private void switchStatement(Where w) {
        if (!g.on(Feature.SWITCH)) {
            trace();
            return;
        }
        String[] selector = new String[1];
        String[] labelsOf = switchLabels(selector);
        int style = c.below(3);
        if (style == 2) {
            switchExpression(selector[0], labelsOf);
            return;
        }
        out.open("switch (" + selector[0] + ")");
        int cases = 1 + c.below(labelsOf.length);
        for (int k = 0; k < cases; k++) {
            caseArm(labelsOf[k], style == 1, w);
        }
        if (c.chance(70)) {
            caseArm(null, style == 1, w);
        }
        out.close();
    }

    private void caseArm(String label, boolean arrow, Where w) {
        String head = label == null ? "default" : "case " + label;
        if (arrow) {
            out.open(head + " ->");
            block(3, w.inOldSwitch());
            out.close();
            return;
        }
        out.open(head + ": ");
        block(3, w.inOldSwitch());
        out.close();
        if (c.chance(60)) {
            out.line("break;");
        }
    }

    /** Fills {@code selector[0]} and returns the case labels, per switch kind: table, lookup, String, enum. */
    private String[] switchLabels(String[] selector) {
        String index = e.of(Ty.INT, depth());
        switch (c.below(4)) {
            case 1 -> {
                selector[0] = "new int[] {-100, 7, 1000, 65536}[Math.floorMod(" + index + ", 4)]";
                return new String[] {"7", "-100", "65536", "1000"};
            }
            case 2 -> {
                selector[0] = "new String[] {\"a\", \"b\", \"zz\", \"c\"}[Math.floorMod(" + index + ", 4)]";
                return new String[] {"\"a\"", "\"b\"", "\"c\""};
            }
            case 3 -> {
                selector[0] = "Color.values()[Math.floorMod(" + index + ", 3)]";
                return new String[] {"RED", "GREEN", "BLUE"};
            }
            default -> {
                selector[0] = "Math.floorMod(" + index + ", 5)";
                return new String[] {"0", "1", "2", "3"};
            }
        }
    }

    private void switchExpression(String selector, String[] labelsOf) {
        Ty ty = anyType();
        String name = g.fresh("v");
        out.open(ty.java + " " + name + " = switch (" + selector + ")");
        int cases = 1 + c.below(labelsOf.length);
        for (int k = 0; k <= cases; k++) {
            String head = k == cases ? "default" : "case " + labelsOf[k];
            if (c.chance(50)) {
                out.line(head + " -> " + e.of(ty, depth()) + ";");
            } else {
                out.open(head + " ->");
                block(2, new Where(false, false, false, null, 0));
                String value = g.fresh("y");
                out.line(ty.java + " " + value + " = " + e.of(ty, depth()) + ";");
                out.line("yield " + value + ";"); // "yield (" would parse as a call of a method named yield
                out.close();
            }
        }
        out.close(";");
        g.scope.add(Scope.Var.local(name, ty));
        out.line("t.v(\"" + label() + "\", " + name + ");");
    }

    private void tryCatch(Where w) {
        if (!g.on(Feature.TRY)) {
            trace();
            return;
        }
        out.open("try");
        block(4, w);
        boolean caught = false;
        List<String> handlers = new ArrayList<>(List.of("GenEx", "ArithmeticException | IllegalStateException",
                "ArrayIndexOutOfBoundsException"));
        for (String type : handlers) {
            if (c.chance(40)) {
                catchArm(type, w);
                caught = true;
            }
        }
        if (c.chance(40)) {
            catchArm("RuntimeException", w);
            caught = true;
        }
        if (!caught || c.chance(50)) {
            out.reopen(" finally {");
            g.copiedBlocks++; // javac writes a finally block once for each way out of the try
            block(3, w.noJumps());
            g.copiedBlocks--;
        }
        out.close();
    }

    private void catchArm(String type, Where w) {
        String name = g.fresh("ex");
        out.reopen(" catch (" + type + " " + name + ") {");
        out.line("t.caught(\"" + label() + "\", " + name + ");");
        block(2, w);
    }

    private void throwIf() {
        if (!g.on(Feature.TRY) && !c.chance(10)) {
            trace();
            return;
        }
        // Two random conditions: about a quarter of these throw, so most programs run on past them.
        String cond = e.of(Ty.BOOLEAN, depth()) + " && " + e.of(Ty.BOOLEAN, 1);
        switch (c.below(4)) {
            case 1 -> out.line("if (" + cond + ") throw new IllegalStateException(\"" + label() + "\");");
            case 2 -> out.line("if (" + cond + ") t.v(\"" + label() + "\", " + e.of(Ty.INT, depth()) + " / 0);");
            case 3 -> out.line("if (" + cond + ") t.v(\"" + label() + "\", new int[] {1}[" + e.of(Ty.INT, depth()) + "]);");
            default -> out.line("if (" + cond + ") throw new GenEx(\"" + label() + "\" + " + e.of(Ty.INT, depth()) + ");");
        }
    }

    private void synchronizedBlock(Where w) {
        if (!g.on(Feature.SYNCHRONIZED)) {
            trace();
            return;
        }
        out.open("synchronized (" + (g.inStatic() || c.chance(50) ? "t" : "this") + ")");
        block(3, w);
        out.close();
    }

    private void callStatement() {
        List<MethodSig> targets = new ArrayList<>();
        for (MethodSig m : g.methods) {
            if (m.index() > g.current.index()) {
                targets.add(m);
            }
        }
        if (targets.isEmpty()) {
            trace();
            return;
        }
        MethodSig m = targets.get(c.below(targets.size()));
        String call = new Callables(g, e).callOf(m, depth());
        out.line(m.returns() == null ? call + ";" : "t.v(\"" + label() + "\", " + call + ");");
    }

    private void blockLambda() {
        if (!g.on(Feature.LAMBDAS)) {
            trace();
            return;
        }
        if (c.chance(50)) {
            String r = g.fresh("r");
            out.open("Runnable " + r + " = () ->");
            lambdaBody(List.of(), null);
            out.close(";");
            out.line(r + ".run();");
            return;
        }
        String f = g.fresh("f");
        String p = g.fresh("p");
        Ty ty = anyType();
        out.open("Function<Integer, " + Callables.boxed(ty) + "> " + f + " = " + p + " ->");
        lambdaBody(List.of(Scope.Var.fixed(p, Ty.INTEGER)), ty);
        out.close(";");
        out.line("t.v(\"" + label() + "\", " + f + ".apply(" + e.of(Ty.INT, depth()) + "));");
    }

    /** Statements of a block lambda (nothing jumps out of it), ending in {@code return} of {@code returns} unless void. */
    private void lambdaBody(List<Scope.Var> params, Ty returns) {
        int previous = g.scope.enterLambda();
        for (Scope.Var v : params) {
            g.scope.add(v);
        }
        block(3, new Where(false, false, false, null, 0));
        out.line("t.yv();");
        if (returns != null) {
            out.line("return " + e.of(returns, depth()) + ";");
        }
        g.scope.leaveLambda(previous);
    }

    private void collection() {
        if (!g.on(Feature.COLLECTIONS)) {
            trace();
            return;
        }
        String list = e.of(Ty.LIST, depth());
        switch (c.below(5)) {
            case 1 -> {
                String acc = g.fresh("acc");
                String p = g.fresh("p");
                out.line("final int[] " + acc + " = {0};");
                out.line("(" + list + ").forEach(" + p + " -> " + acc + "[0] += t.yi(" + p + "));");
                out.line("t.v(\"" + label() + "\", " + acc + "[0]);");
            }
            case 2 -> {
                String m = g.fresh("map");
                String p = g.fresh("p");
                out.line("TreeMap<Integer, Integer> " + m + " = new TreeMap<>();");
                out.line("(" + list + ").forEach(" + p + " -> " + m + ".merge(" + p + " % 3, t.yi(" + p + "), Integer::sum));");
                out.line("t.v(\"" + label() + "\", " + m + ");");
            }
            case 3 -> {
                String v = g.fresh("l");
                String p = g.fresh("p");
                String q = g.fresh("q");
                out.line("List<Integer> " + v + " = " + list + ";");
                out.line(v + ".sort((" + p + ", " + q + ") -> Integer.compare(t.yi(" + p + " % 5), " + q + " % 5));");
                out.line(v + ".removeIf(" + p + " -> t.yz(" + p + " % 2 == 0));");
                out.line(v + ".replaceAll(" + p + " -> t.yi(" + p + ") + 1);");
                out.line("t.v(\"" + label() + "\", " + v + ");");
            }
            case 4 -> {
                String p = g.fresh("p");
                out.open("(" + list + ").forEach(" + p + " ->");
                lambdaBody(List.of(Scope.Var.fixed(p, Ty.INTEGER)), null);
                out.close(");");
            }
            default -> {
                String p = g.fresh("p");
                out.line("(" + list + ").forEach(" + p + " -> t.v(\"" + label() + "\", t.yi(" + p + ")));");
            }
        }
    }

    /** One call site, the same callee, first reached directly, then through a frame nobody rewrote. */
    private void mixedPaths() {
        if (!g.on(Feature.MIXED_PATHS)) {
            trace();
            return;
        }
        String i = g.fresh("i");
        int direct = c.below(2);
        if (c.chance(50)) {
            String f = g.fresh("f");
            String p = g.fresh("p");
            String q = g.fresh("q");
            out.line("Function<Integer, Integer> " + f + " = " + p + " -> t.yi(" + p + ") + " + c.below(5) + ";");
            out.open("for (int " + i + " = 0; " + i + " < 3; " + i + "++)");
            out.line("Function<Integer, Integer> " + f + "w = " + i + " == " + direct + " ? " + f + " : " + f + ".andThen("
                    + q + " -> " + q + " * 2);");
            out.line("t.v(\"" + label() + "\", " + f + "w.apply(" + i + "));");
        } else {
            String b = g.fresh("b");
            out.open("for (int " + i + " = 0; " + i + " < 3; " + i + "++)");
            out.line("Base " + b + " = " + i + " == " + direct + " ? new Base(t, " + c.below(5) + ") : new Unannotated(t, "
                    + c.below(5) + ");");
            out.line("t.v(\"" + label() + "\", " + b + ".f(" + i + "));");
        }
        out.close();
    }

    private void arrayStore() {
        Ty array = e.pickOf(Ty.INTS, Ty.LONGS, Ty.DOUBLES);
        List<Scope.Var> vars = g.scope.readable(array);
        if (vars.isEmpty()) {
            declare();
            return;
        }
        String a = vars.get(c.below(vars.size())).name();
        String slot = a + "[Math.floorMod(" + e.of(Ty.INT, depth()) + ", " + a + ".length)]";
        out.line(slot + " " + e.pick("=", "+=", "*=") + " " + e.of(array.element(), depth()) + ";");
    }

    private void jump(Where w) {
        String cond = e.of(Ty.BOOLEAN, depth());
        int kind = c.below(3);
        if (kind == 1 && w.breakable()) {
            out.line("if (" + cond + ") break;");
        } else if (kind == 2 && w.loop()) {
            out.line("if (" + cond + ") continue;");
        } else if (w.jumps()) {
            out.line("if (" + cond + ") return" + (w.returns() == null ? "" : " " + e.of(w.returns(), depth())) + ";");
        } else {
            trace();
        }
    }

    private void nested(Where w) {
        out.open("");
        block(3, w);
        out.close();
    }

    private Ty anyType() {
        Ty[] all = Ty.values();
        return all[c.below(all.length)];
    }
}
