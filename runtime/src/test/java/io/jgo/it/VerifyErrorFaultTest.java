package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.StackAccess;
import io.jgo.testing.NoGoroutinePinned;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A goroutine calls into a class whose bytecode fails verification when it is linked (generated
 * here with ASM, defined by a loader of its own, while the agent watches every class that loads):
 * once as plain code, once annotated {@code @Goroutine} with a suspension point, which the agent
 * tries to rewrite first. The goroutine, 20 rewritten frames down and after a suspension, gets
 * the JVM's {@code VerifyError} naming the class. Caught, the goroutine goes on (parks, yields) with
 * records that pass their invariant check; uncaught, it ends the run as a panic whose cause is that
 * error, and the next run works. Either way the other goroutines (parking and yielding meanwhile,
 * oversubscribed) are untouched, no carrier thread dies, nothing pins, and {@code Go.run} returns or
 * throws.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class VerifyErrorFaultTest {

    private static final int WORKERS = 6;
    private static final int ROUNDS = 200;

    /** What the generated class is. */
    enum Kind {
        /** {@code getAsInt()} returns null as an int: fails verification. */
        PLAIN,
        /** The same, annotated {@code @Goroutine} and yielding first: the agent tries to rewrite it. */
        SUSPENDABLE
    }

    private final List<String> carrierDeaths = new CopyOnWriteArrayList<>();
    private Thread.UncaughtExceptionHandler before;

    @BeforeEach
    void watchForDyingThreads() {
        before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> carrierDeaths.add(t.getName() + ": " + e));
    }

    @AfterEach
    void restoreHandler() {
        Thread.setDefaultUncaughtExceptionHandler(before);
        assertEquals(List.of(), carrierDeaths, "a thread died");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aGoroutineThatCatchesTheVerifyErrorGoesOnAndHarmsNoOther(Kind kind) {
        AtomicReference<Throwable> got = new AtomicReference<>();
        AtomicInteger workersDone = new AtomicInteger();
        AtomicReference<String> after = new AtomicReference<>();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            startWorkers(wg, workersDone);
            wg.add(1);
            Go.go(() -> {
                Chan<Integer> c = Chan.make();
                descend(20, () -> {
                    try {
                        callBroken(kind);
                    } catch (VerifyError e) {
                        got.set(e);
                    }
                });
                StackAccess.checkInvariants(Stack.current());
                Go.go(() -> c.send(7));
                int v = descendAndReceive(20, c); // parks 20 frames down unless the sender came first
                StackAccess.checkInvariants(Stack.current());
                after.set("received " + v);
                wg.done();
            });
            wg.await();
        });
        assertVerifyErrorNamingTheClass(got.get(), kind);
        assertEquals("received 7", after.get(), "the goroutine went on after the error");
        assertEquals(WORKERS, workersDone.get(), "every other goroutine finished");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void anUncaughtVerifyErrorEndsTheRunNamingTheClassAndTheNextRunWorks(Kind kind) {
        AtomicInteger workersDone = new AtomicInteger();
        PanicException e = assertThrows(PanicException.class, () -> Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            startWorkers(wg, workersDone);
            wg.add(1); // never done: the faulty goroutine ends the run
            Go.go(() -> descend(20, () -> callBroken(kind)));
            wg.await();
        }));
        assertVerifyErrorNamingTheClass(e.getCause(), kind);
        assertTrue(e.getMessage().contains("VerifyError"), e.getMessage());

        AtomicInteger ran = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            startWorkers(wg, ran);
            wg.await();
        });
        assertEquals(WORKERS, ran.get(), "the next run works");
    }

    private static void assertVerifyErrorNamingTheClass(Throwable t, Kind kind) {
        assertInstanceOf(VerifyError.class, t, String.valueOf(t));
        assertTrue(String.valueOf(t.getMessage()).contains(className(kind).replace('.', '/')), t.getMessage());
    }

    /**
     * Workers that keep parking and yielding while the faulty goroutine fails: pairs ping-pong on an
     * unbuffered channel, and each checks its own records at the end.
     */
    private static void startWorkers(WaitGroup wg, AtomicInteger done) {
        for (int p = 0; p < WORKERS / 2; p++) {
            Chan<Integer> ping = Chan.make();
            wg.add(2);
            Go.go(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    ping.send(i);
                    Go.gosched();
                }
                StackAccess.checkInvariants(Stack.current());
                done.incrementAndGet();
                wg.done();
            });
            Go.go(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    assertEquals(i, (int) ping.recv());
                }
                StackAccess.checkInvariants(Stack.current());
                done.incrementAndGet();
                wg.done();
            });
        }
    }

    /** Calls {@code action} {@code depth} rewritten frames down, after a yield at the bottom (saved frames on the way). */
    @Goroutine
    private static void descend(int depth, Action action) {
        if (depth == 0) {
            Go.gosched();
            action.run();
            return;
        }
        descend(depth - 1, action);
    }

    @Goroutine
    private static int descendAndReceive(int depth, Chan<Integer> c) {
        return depth == 0 ? c.recv() : descendAndReceive(depth - 1, c);
    }

    /** A body that may suspend. */
    @FunctionalInterface
    private interface Action {
        @Goroutine
        void run();
    }

    /** Defines the generated class in a loader of its own and calls it: linking it throws {@code VerifyError}. */
    private static void callBroken(Kind kind) {
        byte[] bytes = generate(kind);
        ClassLoader loader = new ClassLoader(VerifyErrorFaultTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (name.equals(className(kind))) {
                    return defineClass(name, bytes, 0, bytes.length);
                }
                throw new ClassNotFoundException(name);
            }
        };
        try {
            IntSupplier s = (IntSupplier) Class.forName(className(kind), true, loader).getDeclaredConstructor().newInstance();
            throw new AssertionError("the broken class linked and returned " + s.getAsInt());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the broken class was not found", e);
        }
    }

    private static String className(Kind kind) {
        return kind == Kind.PLAIN ? "faulty.Broken" : "faulty.BrokenGoroutine";
    }

    /**
     * {@code public class faulty.Broken implements IntSupplier { public int getAsInt() { return null; } }},
     * which javac would refuse and the verifier does ({@code ireturn} of a reference); the suspendable
     * kind is annotated {@code @Goroutine} and calls {@code Go.gosched()} first.
     */
    private static byte[] generate(Kind kind) {
        String internal = className(kind).replace('.', '/');
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, internal, null, "java/lang/Object",
                new String[] {"java/util/function/IntSupplier"});
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(1, 1);
        init.visitEnd();
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC, "getAsInt", "()I", null, null);
        if (kind == Kind.SUSPENDABLE) {
            m.visitAnnotation("Lio/jgo/Goroutine;", false).visitEnd();
        }
        m.visitCode();
        if (kind == Kind.SUSPENDABLE) {
            m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
        }
        m.visitInsn(Opcodes.ACONST_NULL);
        m.visitInsn(Opcodes.IRETURN); // a reference returned as an int: fails verification
        m.visitMaxs(1, 1);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
