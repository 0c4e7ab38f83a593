package org.example.selfcheck;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * Reaches its own private methods through a {@link MethodHandles.Lookup} (static and virtual) and
 * through reflection, each calling back into the caller's {@link IntUnaryOperator}; and describes
 * itself from reflection, as field-based equality or serialization libraries do.
 */
public final class SelfCalls {

    private static final MethodHandle TWICE;
    private static final MethodHandle PLUS_OFFSET;

    static {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodType type = MethodType.methodType(int.class, IntUnaryOperator.class, int.class);
        try {
            TWICE = lookup.findStatic(SelfCalls.class, "twice", type);
            PLUS_OFFSET = lookup.findVirtual(SelfCalls.class, "plusOffset", type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int offset;

    public SelfCalls(int offset) {
        this.offset = offset;
    }

    private static int twice(IntUnaryOperator f, int x) {
        return f.applyAsInt(f.applyAsInt(x));
    }

    private int plusOffset(IntUnaryOperator f, int x) {
        return f.applyAsInt(x) + offset;
    }

    /** {@code twice} and {@code plusOffset} through their method handles. */
    public int viaHandles(IntUnaryOperator f, int x) throws Throwable {
        int a = (int) TWICE.invokeExact(f, x);
        int b = (int) PLUS_OFFSET.invokeExact(this, f, x);
        return a * 1000 + b;
    }

    /** {@code twice} through reflection. */
    public static int viaReflection(IntUnaryOperator f, int x) throws ReflectiveOperationException {
        Method m = SelfCalls.class.getDeclaredMethod("twice", IntUnaryOperator.class, int.class);
        m.setAccessible(true);
        return (int) m.invoke(null, f, x);
    }

    /** The instance fields and the non-synthetic methods this class declares, sorted by name. */
    public static String describe() {
        String fields = Arrays.toString(Arrays.stream(SelfCalls.class.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers())).map(Field::getName).sorted().toArray());
        String methods = Arrays.toString(Arrays.stream(SelfCalls.class.getDeclaredMethods())
                .filter(m -> !m.isSynthetic()).map(Method::getName).sorted().toArray());
        return "fields=" + fields + " methods=" + methods;
    }
}
