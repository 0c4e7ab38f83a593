package io.jgo.internal.cont;

/**
 * What g0 hands a frame it re-enters alone: the value its callee returned (or the exception it
 * threw), converted as the {@code LambdaMetafactory} forwarder that may have stood between the two
 * frames would have (box, unbox, widen, drop). A generated resume entry hands the value
 * ({@code Stack.handX}, value first as the save helpers take theirs; nothing while the frame is
 * unwinding instead), and the caller's re-entered code takes it with {@code Stack.handedX}, which
 * calls the conversions here with the kind, bits and reference {@link Continuation} keeps.
 */
public final class HandOff {

    private HandOff() {
    }

    /** {@code kind}: 'Z' 'B' 'C' 'S' 'I' 'J' 'F' 'D' 'A' 'V'; {@code bits} a primitive's bits, {@code ref} a reference. */
    public static Object toObject(char kind, long b, Object ref) {
        switch (kind) {
            case 'A': return ref;
            case 'Z': return b != 0;
            case 'B': return (byte) b;
            case 'C': return (char) b;
            case 'S': return (short) b;
            case 'I': return (int) b;
            case 'J': return b;
            case 'F': return Float.intBitsToFloat((int) b);
            case 'D': return Double.longBitsToDouble(b);
            default: return null; // 'V': a void method's result dropped for an Object
        }
    }

    public static int toInt(char kind, long bits, Object ref) {
        if (kind == 'A') {
            return unboxInt(ref);
        }
        return (int) bits;
    }

    public static long toLong(char kind, long bits, Object ref) {
        switch (kind) {
            case 'A': return ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'J': return bits;
            default: return (int) bits;
        }
    }

    public static float toFloat(char kind, long bits, Object ref) {
        switch (kind) {
            case 'A': return ref instanceof Float ? (Float) ref : ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'F': return Float.intBitsToFloat((int) bits);
            case 'J': return bits;
            default: return (int) bits;
        }
    }

    public static double toDouble(char kind, long bits, Object ref) {
        switch (kind) {
            case 'A':
                return ref instanceof Double ? (Double) ref : ref instanceof Float ? (Float) ref
                        : ref instanceof Long ? (Long) ref : unboxInt(ref);
            case 'D': return Double.longBitsToDouble(bits);
            case 'F': return Float.intBitsToFloat((int) bits);
            case 'J': return bits;
            default: return (int) bits;
        }
    }

    /** Unboxes a wrapper of an int-like primitive, widening (null throws, as the forwarder's unboxing would). */
    private static int unboxInt(Object ref) {
        if (ref instanceof Character) {
            return (Character) ref;
        }
        if (ref instanceof Boolean) {
            return (Boolean) ref ? 1 : 0;
        }
        return ((Number) java.util.Objects.requireNonNull(ref, "null returned where a primitive is expected")).intValue();
    }
}
