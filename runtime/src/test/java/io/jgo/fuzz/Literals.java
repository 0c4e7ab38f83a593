package io.jgo.fuzz;

/** Literals of every {@link Ty}, boundary values included (overflow and NaN are deterministic too). */
final class Literals {

    private final Choices c;

    Literals(Choices c) {
        this.c = c;
    }

    String of(Ty ty) {
        return switch (ty) {
            case INT -> intLiteral();
            case LONG -> pick("0L", "5L", "-7L", "(1L << 40)", "Long.MAX_VALUE", "Long.MIN_VALUE", "123456789012L");
            case FLOAT -> pick("0.0f", "1.5f", "-2.25f", "3.0e7f", "Float.NaN", "Float.MIN_VALUE", "0.1f");
            case DOUBLE -> pick("0.0", "0.1", "-1.5", "1e300", "Double.NaN", "-0.0", "Double.MAX_VALUE", "2.5");
            case BOOLEAN -> pick("false", "true");
            case BYTE -> pick("(byte) 0", "(byte) -128", "(byte) 17", "(byte) 127", "(byte) -1");
            case CHAR -> pick("'a'", "'Z'", "'0'", "(char) 65535", "(char) 0", "'\\u00e9'");
            case SHORT -> pick("(short) 0", "(short) -32768", "(short) 1234", "(short) 32767");
            case STRING -> pick("\"\"", "\"s\"", "\"ab\"", "\"xyz\"", "\"a\"", "\"b\"");
            case INTEGER -> "Integer.valueOf(" + intLiteral() + ")";
            case INTS -> "new int[] {" + intLiteral() + ", " + intLiteral() + "}";
            case LONGS -> "new long[] {" + of(Ty.LONG) + "}";
            case DOUBLES -> "new double[] {" + of(Ty.DOUBLE) + ", " + of(Ty.DOUBLE) + "}";
            case BOX -> "new Box(t, " + intLiteral() + ", " + of(Ty.STRING) + ")";
            case LIST -> "new ArrayList<>(List.of(" + intLiteral() + ", " + intLiteral() + ", " + intLiteral() + "))";
        };
    }

    String intLiteral() {
        return switch (c.weighted(6, 1, 1, 1, 1)) {
            case 1 -> "-3";
            case 2 -> "1000";
            case 3 -> "Integer.MAX_VALUE";
            case 4 -> "Integer.MIN_VALUE";
            default -> Integer.toString(c.below(10));
        };
    }

    /** A small non-negative int literal, for loop bounds and recursion depths. */
    int small(int max) {
        return c.below(max + 1);
    }

    private String pick(String... options) {
        return options[c.below(options.length)];
    }
}
