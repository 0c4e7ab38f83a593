package io.jgo.fuzz;

/** The value types a generated program computes with: every primitive, references, arrays. */
enum Ty {
    INT("int", "yi"),
    LONG("long", "yj"),
    FLOAT("float", "yf"),
    DOUBLE("double", "yd"),
    BOOLEAN("boolean", "yz"),
    BYTE("byte", "yb"),
    CHAR("char", "yc"),
    SHORT("short", "ys"),
    STRING("String", "ya"),
    INTEGER("Integer", "ya"),
    INTS("int[]", "ya"),
    LONGS("long[]", "ya"),
    DOUBLES("double[]", "ya"),
    BOX("Box", "ya"),
    LIST("List<Integer>", "ya");

    /** Java spelling. */
    final String java;
    /** The {@link Trace} suspension point that passes a value of this type through. */
    final String yield;

    Ty(String java, String yield) {
        this.java = java;
        this.yield = yield;
    }

    /** int, long, float, double: arithmetic keeps the type. */
    boolean arithmetic() {
        return this == INT || this == LONG || this == FLOAT || this == DOUBLE;
    }

    /** byte, char, short: arithmetic widens to int, so results are cast back. */
    boolean small() {
        return this == BYTE || this == CHAR || this == SHORT;
    }

    boolean array() {
        return this == INTS || this == LONGS || this == DOUBLES;
    }

    /** Element type of an array type. */
    Ty element() {
        return switch (this) {
            case INTS -> INT;
            case LONGS -> LONG;
            case DOUBLES -> DOUBLE;
            default -> throw new IllegalArgumentException(name());
        };
    }
}
