package io.jgo.fuzz;

/**
 * The nested types every generated program carries: a value class with suspending methods of every
 * method-reference shape ({@code Box}), a class hierarchy with an override calling {@code super}
 * ({@code Base}/{@code Sub}, and {@code Unannotated}, an override without @Goroutine), an interface with a suspending default method and two implementations
 * ({@code Shape}), an unannotated interface with a suspending implementation ({@code Plain}), the
 * functional interfaces for exact and varargs references, an enum to switch on, an exception, and
 * the bounded recursion {@code rec}. Their constants come from the choices.
 */
final class HelperTypes {

    private HelperTypes() {
    }

    static void write(Code out, GenContext g) {
        Choices c = g.choices;
        int k1 = c.below(5);
        int k2 = c.below(5);
        out.line("enum Color { RED, GREEN, BLUE }");
        out.line("");
        out.open("static final class GenEx extends RuntimeException");
        out.line("GenEx(String message) { super(message); }");
        out.close();
        out.line("");
        out.line("interface SI { @Goroutine int ap(Trace t, int x); }");
        out.line("interface TS { String ap(Trace t, String a, String b); }");
        out.line("interface BoxMaker { Box make(Trace t, int a, String s); }");
        out.line("interface Plain { int apply(int x); }");
        out.line("");
        out.open("static final class Box");
        out.line("final Trace t; final int a; final String s;");
        out.line("Box(Trace t, int a, String s) { this.t = t; this.a = a; this.s = s; }");
        if (g.on(Feature.CTOR_SUSPENDS)) {
            out.line("Box(Trace t, int a) { this(t, t.yi(a) + 1, t.ya(\"c\")); }");
        }
        out.line("@Goroutine static Box make(Trace t, int a) { return new Box(t, t.yi(a), t.ya(\"m\")); }");
        out.line("@Goroutine int get() { return t.yi(a) + " + k1 + "; }");
        out.line("@Goroutine int add(int x) { return t.yi(x) + a; }");
        out.line("@Goroutine long twice(int x) { return t.yj(2L * x) + a; }");
        out.line("@Goroutine int addL(long x) { return (int) t.yj(x + a); }");
        out.line("@Goroutine int sum(int... xs) { int r = a; for (int x : xs) { r += t.yi(x); } return r; }");
        out.line("@Goroutine String name() { return t.ya(s + a); }");
        out.line("@Goroutine String tag(String x) { return t.ya(x + \"#\" + s); }");
        out.line("@Goroutine static int sI(Trace t, int x) { return t.yi(x) * 3; }");
        out.line("@Goroutine static String join(Trace t, String... xs) { return t.ya(String.join(\"+\", xs)); }");
        out.line("@Override public String toString() { return \"Box(\" + a + \",\" + s + \")\"; }");
        out.close();
        out.line("");
        out.open("static class Base");
        out.line("final Trace t; final int k;");
        out.line("Base(Trace t, int k) { this.t = t; this.k = k; }");
        out.line("@Goroutine int f(int x) { return t.yi(x) + k; }");
        out.line("@Goroutine int g(int x) { int r = f(x); return r * 2 + f(t.yi(r)); }");
        out.close();
        out.line("");
        out.open("static class Sub extends Base");
        out.line("Sub(Trace t, int k) { super(t, k); }");
        out.line("@Goroutine @Override int f(int x) { return super.f(t.yi(x) - " + k2 + ") * 3; }");
        out.close();
        out.line("");
        if (g.on(Feature.MIXED_PATHS)) {
            out.open("static class Unannotated extends Base");
            out.line("Unannotated(Trace t, int k) { super(t, k); }");
            out.line("@Override int f(int x) { return super.f(x) * 10; }");
            out.close();
            out.line("");
        }
        out.open("interface Shape");
        out.line("@Goroutine int area(Trace t, int x);");
        out.line("@Goroutine default int twice(Trace t, int x) { return area(t, x) + area(t, t.yi(x + 1)); }");
        out.close();
        out.line("");
        out.open("static final class Sq implements Shape");
        out.line("final int k; Sq(int k) { this.k = k; }");
        out.line("@Goroutine @Override public int area(Trace t, int x) { return t.yi(x) * k; }");
        out.close();
        out.line("");
        out.open("static final class Tri implements Shape");
        out.line("final int k; Tri(int k) { this.k = k; }");
        out.line("@Goroutine @Override public int area(Trace t, int x) { return t.yi(x + k) / 2; }");
        out.line("@Goroutine @Override public int twice(Trace t, int x) { return Shape.super.twice(t, x) - t.yi(k); }");
        out.close();
        out.line("");
        if (g.on(Feature.UNANNOTATED_INTERFACE)) {
            out.open("static final class PlainImpl implements Plain");
            out.line("final Trace t; final int k;");
            out.line("PlainImpl(Trace t, int k) { this.t = t; this.k = k; }");
            out.line("@Goroutine @Override public int apply(int x) { return t.yi(x) + k; }");
            out.close();
            out.line("");
        }
        out.open("@Goroutine static int rec(Trace t, int d, int x)");
        out.line("if (d <= 0) { return t.yi(x); }");
        out.line("int r = rec(t, d - 1, x * 2 + 1) + t.yi(d);");
        out.line("t.v(\"rec\" + d, r);");
        out.line("return r;");
        out.close();
    }
}
