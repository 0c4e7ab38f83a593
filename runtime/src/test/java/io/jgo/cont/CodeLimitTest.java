package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.shapes.Program;
import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.Instrumenter;
import io.jgo.internal.coroutine.Coroutine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A {@code @Goroutine} method near the JVM's 64 KiB code limit, whose rewrite would pass it: on both
 * paths the rewrite reports it (class, method, descriptor, the limit, what to do) and the class is
 * defined as it was, so it loads and runs, as plain Java and in a coroutine (where its suspension
 * pins, which is safe).
 */
class CodeLimitTest {

    private static final String NAME = "io/jgo/cont/gen/NearCodeLimit";
    private static final int LOCALS = 20;
    private static final int FILLER_STEPS = 6_530; // 10 bytes each: the method is about 65,480 bytes, the rewrite adds some 500

    @Test
    void theAgentReportsTheMethodAndLoadsTheClassAsItWas() throws Exception {
        byte[] original = nearCodeLimit();
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Class<?> c;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            c = new GeneratedLoader(original).loadClass(NAME.replace('/', '.')); // the agent transforms as it defines
        } finally {
            System.setErr(err);
        }
        String report = captured.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("jgo: cannot instrument io.jgo.cont.gen.NearCodeLimit.compute()J")
                && report.contains("over the JVM's limit of 65535 per method") && report.contains("split the method")
                && report.contains("the class is left as it was"), report);
        assertRunsAsWritten(c);
    }

    @Test
    void theBuildTimeRewriteReportsTheMethodAndLeavesTheClassAsItWas() throws Exception {
        byte[] original = nearCodeLimit();
        List<InstrumentationException> refused = new ArrayList<>();
        Instrumenter instrumenter = new Instrumenter(ClassBytes.of(CodeLimitTest.class.getClassLoader()), new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                refused.add(e);
            }
        }, true);
        assertTrue(instrumenter.transform(original) == null, "the class is used as it was");
        assertEquals(1, refused.size(), refused.toString());
        InstrumentationException e = refused.get(0);
        assertEquals(NAME, e.className());
        assertEquals("compute", e.methodName());
        assertEquals("()J", e.descriptor());
        assertTrue(e.getMessage().contains("over the JVM's limit of 65535 per method"), e.getMessage());
        assertRunsAsWritten(new GeneratedLoader(original).loadClassUnrewritten());
    }

    /** Not rewritten; runs plain and in a coroutine (pinning at its suspension point) to the plain result. */
    private static void assertRunsAsWritten(Class<?> c) throws Exception {
        assertTrue(Arrays.stream(c.getDeclaredMethods()).map(Method::getName).noneMatch(n -> n.startsWith("$jgo$")),
                "the class was not rewritten");
        Program plain = (Program) c.getDeclaredConstructor().newInstance();
        plain.run();
        assertEquals(expected(), plain.result);
        Program inCoroutine = (Program) c.getDeclaredConstructor().newInstance();
        Coroutine coroutine = new Coroutine(inCoroutine);
        coroutine.runToEnd();
        assertEquals(expected(), inCoroutine.result);
        assertEquals(1, coroutine.pins(), "its suspension point pinned: the method was not rewritten");
    }

    /** What {@code compute} returns, computed here. */
    private static Long expected() {
        long acc = 0;
        for (int k = 0; k < FILLER_STEPS; k++) {
            acc = acc * (31 + k % 1000) + 1;
        }
        for (int i = 0; i < LOCALS; i++) {
            acc += 1000 + i;
        }
        return acc;
    }

    /**
     * {@code class NearCodeLimit extends Program { @Goroutine run() { result = compute(); }
     * @Goroutine static long compute() { long v0..v19; long acc; acc = acc * k + 1 ...; Yield.here(); return acc + v0 + ...; } }}
     */
    private static byte[] nearCodeLimit() {
        String program = "io/jgo/cont/shapes/Program";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, NAME, null, program, null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, program, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor run = cw.visitMethod(Opcodes.ACC_PUBLIC, "run", "()V", null, null);
        run.visitAnnotation("Lio/jgo/Goroutine;", false);
        run.visitCode();
        run.visitVarInsn(Opcodes.ALOAD, 0);
        run.visitMethodInsn(Opcodes.INVOKESTATIC, NAME, "compute", "()J", false);
        run.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false);
        run.visitFieldInsn(Opcodes.PUTFIELD, program, "result", "Ljava/lang/Object;");
        run.visitInsn(Opcodes.RETURN);
        run.visitMaxs(0, 0);
        run.visitEnd();
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "compute", "()J", null, null);
        m.visitAnnotation("Lio/jgo/Goroutine;", false);
        m.visitCode();
        for (int i = 0; i < LOCALS; i++) {
            m.visitLdcInsn(1000L + i);
            m.visitVarInsn(Opcodes.LSTORE, 2 * i);
        }
        int acc = 2 * LOCALS;
        m.visitInsn(Opcodes.LCONST_0);
        m.visitVarInsn(Opcodes.LSTORE, acc);
        for (int k = 0; k < FILLER_STEPS; k++) {
            m.visitVarInsn(Opcodes.LLOAD, acc);
            m.visitLdcInsn(31L + k % 1000);
            m.visitInsn(Opcodes.LMUL);
            m.visitInsn(Opcodes.LCONST_1);
            m.visitInsn(Opcodes.LADD);
            m.visitVarInsn(Opcodes.LSTORE, acc);
        }
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/cont/shapes/Yield", "here", "()V", false);
        m.visitVarInsn(Opcodes.LLOAD, acc);
        for (int i = 0; i < LOCALS; i++) {
            m.visitVarInsn(Opcodes.LLOAD, 2 * i);
            m.visitInsn(Opcodes.LADD);
        }
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Defines the generated class (the agent sees it), and serves its bytes as a resource, as a class path would. */
    private static final class GeneratedLoader extends ClassLoader {

        private final byte[] bytes;

        GeneratedLoader(byte[] bytes) {
            super(CodeLimitTest.class.getClassLoader());
            this.bytes = bytes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.equals(NAME.replace('/', '.'))) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }

        /** The original bytes, defined as they are (the agent reports them again and leaves them again). */
        Class<?> loadClassUnrewritten() throws ClassNotFoundException {
            return loadClass(NAME.replace('/', '.'));
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            return name.equals(NAME + ".class") ? new ByteArrayInputStream(bytes) : super.getResourceAsStream(name);
        }
    }
}
