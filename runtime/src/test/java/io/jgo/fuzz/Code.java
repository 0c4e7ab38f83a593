package io.jgo.fuzz;

/** Java source text under construction, indented four spaces a level. */
final class Code {

    private final StringBuilder out = new StringBuilder();
    private int indent;

    Code line(String text) {
        out.append("    ".repeat(indent)).append(text).append('\n');
        return this;
    }

    /** {@code header {} and one level deeper. */
    Code open(String header) {
        line(header + " {");
        indent++;
        return this;
    }

    /** One level out, then {@code } tail}. */
    Code close(String tail) {
        indent--;
        line("}" + tail);
        return this;
    }

    /** {@code } tail} and straight back in, for {@code } else {}, {@code } catch (...) {}, {@code } finally {}. */
    Code reopen(String tail) {
        close(tail);
        indent++;
        return this;
    }

    Code close() {
        return close("");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
