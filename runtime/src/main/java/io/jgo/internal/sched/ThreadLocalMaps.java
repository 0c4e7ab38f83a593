package io.jgo.internal.sched;

import io.jgo.internal.cont.Warnings;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * The two {@code ThreadLocal} maps of a thread ({@code Thread.threadLocals} and
 * {@code Thread.inheritableThreadLocals}, private fields of {@code java.lang.Thread}), read and
 * written so that each goroutine has maps of its own, as Loom gives each virtual thread its own.
 *
 * <h2>Access</h2>
 * The fields are reached through VarHandles from {@code MethodHandles.privateLookupIn(Thread.class, ...)},
 * which needs {@code java.lang} opened to this class's module. The agent opens it to the unnamed
 * module of the system class loader ({@code io.jgo.agent.JavaLangOpener}); without the agent (classes
 * rewritten at build time) the JVM needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}. Without
 * access, jgo keeps {@link #PER_GOROUTINE} false (carrier-scoped values, today's JDK behaviour for a
 * pool thread) and says so once on stderr. {@code -Djgo.threadLocals=carrier} chooses carrier-scoped
 * values on purpose, without a warning. The choice is process-wide and read once, so the JIT folds
 * {@link #PER_GOROUTINE} and the carrier mode costs nothing.
 *
 * <h2>Cost</h2>
 * The accessors are {@code static final} method handles of exact type, invoked with
 * {@code invokeExact}: the JIT inlines them to plain field loads and stores (the fields are plain;
 * only the thread itself reads its maps, so no ordering is needed). A switch (a goroutine leaving
 * its carrier and the next one entering) costs four loads of plain fields, plus a store for each
 * map that moves in or out ({@link Identity} stores only where a map differs, since a reference
 * store into a {@code Thread} pays a GC write barrier); the two reads of the interrupt flag are paid
 * in every mode.
 *
 * <h2>Threads</h2>
 * Only the thread that owns the maps calls {@link #locals}, {@link #inheritable}, {@link #setLocals} and {@link #setInheritable} on itself (a carrier's g0,
 * switching goroutines), except {@link #inherit}, which reads the calling thread's own map.
 */
final class ThreadLocalMaps {

    /** Whether goroutines get maps of their own; false in carrier mode or without access. */
    static final boolean PER_GOROUTINE;

    /** {@code (Thread) -> Object}: the thread's {@code threadLocals}. */
    private static final MethodHandle GET_LOCALS;
    /** {@code (Thread, Object) -> void}. */
    private static final MethodHandle SET_LOCALS;
    /** {@code (Thread) -> Object}: the thread's {@code inheritableThreadLocals}. */
    private static final MethodHandle GET_INHERITABLE;
    /** {@code (Thread, Object) -> void}. */
    private static final MethodHandle SET_INHERITABLE;
    /** {@code (Object) -> Object}: {@code ThreadLocal.createInheritedMap}, which applies every {@code childValue}. */
    private static final MethodHandle INHERIT;

    static {
        MethodHandle[] h = carrierMode() ? null : lookUp();
        PER_GOROUTINE = h != null;
        GET_LOCALS = h == null ? null : h[0];
        SET_LOCALS = h == null ? null : h[1];
        GET_INHERITABLE = h == null ? null : h[2];
        SET_INHERITABLE = h == null ? null : h[3];
        INHERIT = h == null ? null : h[4];
    }

    private ThreadLocalMaps() {
    }

    /**
     * {@code -Djgo.threadLocals}: {@code carrier}, or {@code goroutine} (the default), read by
     * {@link io.jgo.internal.settings.Settings}. A bad value stops every runtime's start; should this
     * class load before one starts, it is named in a warning and goroutine mode is taken meanwhile.
     */
    static boolean carrierMode() {
        try {
            return io.jgo.internal.settings.Settings.carrierThreadLocals();
        } catch (IllegalArgumentException e) {
            Warnings.once("threadLocalsValue", e.getMessage() + "; going on with goroutine (a runtime refuses to start with it)");
            return false;
        }
    }

    private static MethodHandle[] lookUp() {
        try {
            Class<?> map = Class.forName("java.lang.ThreadLocal$ThreadLocalMap");
            MethodHandles.Lookup thread = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
            MethodHandles.Lookup local = MethodHandles.privateLookupIn(ThreadLocal.class, MethodHandles.lookup());
            VarHandle locals = thread.findVarHandle(Thread.class, "threadLocals", map);
            VarHandle inheritable = thread.findVarHandle(Thread.class, "inheritableThreadLocals", map);
            MethodType getter = MethodType.methodType(Object.class, Thread.class);
            MethodType setter = MethodType.methodType(void.class, Thread.class, Object.class);
            return new MethodHandle[] {
                locals.toMethodHandle(VarHandle.AccessMode.GET).asType(getter),
                locals.toMethodHandle(VarHandle.AccessMode.SET).asType(setter),
                inheritable.toMethodHandle(VarHandle.AccessMode.GET).asType(getter),
                inheritable.toMethodHandle(VarHandle.AccessMode.SET).asType(setter),
                local.findStatic(ThreadLocal.class, "createInheritedMap", MethodType.methodType(map, map))
                        .asType(MethodType.methodType(Object.class, Object.class)),
            };
        } catch (ReflectiveOperationException | RuntimeException e) { // IllegalAccessException, InaccessibleObjectException
            Warnings.once("threadLocals", "ThreadLocal values belong to the carrier thread, not to the goroutine: "
                    + "java.lang is not open to jgo (" + e + "). Run with the jgo agent, or add "
                    + "--add-opens java.base/java.lang=" + openTo() + "; -Djgo.threadLocals=carrier chooses this on purpose.");
            return null;
        }
    }

    /** Whom {@code --add-opens} must name: the runtime's module on the module path, else the class path. */
    static String openTo() {
        Module runtime = ThreadLocalMaps.class.getModule();
        return runtime.isNamed() ? runtime.getName() : "ALL-UNNAMED";
    }

    /** The thread's {@code threadLocals}; only with {@link #PER_GOROUTINE}. */
    static Object locals(Thread t) {
        try {
            return (Object) GET_LOCALS.invokeExact(t);
        } catch (Throwable e) {
            throw new AssertionError(e); // a field load cannot throw
        }
    }

    /** The thread's {@code inheritableThreadLocals}; only with {@link #PER_GOROUTINE}. */
    static Object inheritable(Thread t) {
        try {
            return (Object) GET_INHERITABLE.invokeExact(t);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /** Installs {@code locals} as {@code t}'s {@code threadLocals} (the calling thread); only with {@link #PER_GOROUTINE}. */
    static void setLocals(Thread t, Object locals) {
        try {
            SET_LOCALS.invokeExact(t, locals);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /** Installs {@code inheritable} as {@code t}'s {@code inheritableThreadLocals}; only with {@link #PER_GOROUTINE}. */
    static void setInheritable(Thread t, Object inheritable) {
        try {
            SET_INHERITABLE.invokeExact(t, inheritable);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The inheritable map a child started now by the calling thread (a goroutine or a plain thread)
     * gets: a copy of the caller's, each value passed through {@code childValue}, as the
     * {@code Thread} constructor does; null when the caller has none (or without {@link #PER_GOROUTINE}).
     * May run user code ({@code childValue}).
     */
    static Object inherit() {
        if (!PER_GOROUTINE) {
            return null;
        }
        Object parent = inheritable(Thread.currentThread());
        if (parent == null) {
            return null;
        }
        try {
            return (Object) INHERIT.invokeExact(parent);
        } catch (RuntimeException | Error e) {
            throw e; // from a childValue
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }
}
