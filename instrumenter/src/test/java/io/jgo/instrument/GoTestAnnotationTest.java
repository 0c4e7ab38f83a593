package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * jgo-test's {@code @io.jgo.test.GoTest} makes its method suspendable as {@code @Goroutine} does, so
 * a test body's calls to suspendable methods are suspension points (they unwind, not pin).
 */
class GoTestAnnotationTest {

    private final List<InstrumentationException> failures = new ArrayList<>();
    private final Map<String, byte[]> classpath = new HashMap<>();

    private Instrumenter instrumenter() {
        return new Instrumenter(name -> classpath.containsKey(name) ? classpath.get(name) : ClassBytes.of(null).find(name),
                new Diagnostics() {
                    @Override
                    public void warning(String message) {
                    }

                    @Override
                    public void failed(InstrumentationException e) {
                        failures.add(e);
                    }
                }, true);
    }

    /** {@code class NAME { @ANNOTATION void test() { g(1); }  @Goroutine static int g(int x) { return x; } }}; null: no annotation. */
    private byte[] testClass(String name, String annotationDesc) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor t = cw.visitMethod(0, "test", "()V", null, null);
        if (annotationDesc != null) {
            t.visitAnnotation(annotationDesc, true);
        }
        t.visitCode();
        t.visitInsn(Opcodes.ICONST_1);
        t.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        t.visitInsn(Opcodes.POP);
        t.visitInsn(Opcodes.RETURN);
        t.visitMaxs(0, 0);
        t.visitEnd();
        MethodVisitor g = cw.visitMethod(Opcodes.ACC_STATIC, "g", "(I)I", null, null);
        g.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        g.visitCode();
        g.visitVarInsn(Opcodes.ILOAD, 0);
        g.visitInsn(Opcodes.IRETURN);
        g.visitMaxs(0, 0);
        g.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        classpath.put(name, bytes);
        return bytes;
    }

    @Test
    void aGoTestMethodIsRewrittenAsSuspendable() {
        assertNotNull(instrumenter().transform(testClass("t/WithGoTest", RuntimeNames.GO_TEST_DESC)));
        assertEquals(List.of(), failures);
    }

    @Test
    void theSameMethodWithoutTheAnnotationIsLeftAsWritten() {
        assertNull(instrumenter().transform(testClass("t/WithoutGoTest", null)));
    }
}
