package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The out-of-line code the rewrite appends carries line numbers (the preemption blocks the line of
 * the method's start or loop head, the save code the line it had before): no line-number entry may
 * then stand at the very end of the code, which the JVM rejects ("Invalid pc in LineNumberTable",
 * a class that cannot load; the differential fuzzer met it in a method whose only call site was
 * unreachable, so it had no save code after the prologue's preemption block).
 */
class LineTableEndTest {

    private final List<String> failures = new ArrayList<>();

    private final Diagnostics diagnostics = new Diagnostics() {
        @Override
        public void warning(String message) {
        }

        @Override
        public void failed(InstrumentationException e) {
            failures.add(e.getMessage());
        }
    };

    /** {@code @Goroutine static void m()}: returns at once; a call of a suspending method follows, unreachable. */
    private static byte[] deadCallSite(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS); // frames by hand: COMPUTE_FRAMES would erase the dead code
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "m", "()V", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        Label start = new Label();
        m.visitLabel(start);
        m.visitLineNumber(10, start);
        m.visitInsn(Opcodes.RETURN);
        Label dead = new Label();
        m.visitLabel(dead);
        m.visitFrame(Opcodes.F_NEW, 0, new Object[0], 0, new Object[0]);
        m.visitLineNumber(11, dead);
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        WideFrames.identityGoroutine(cw);
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aMethodWhoseOnlyCallSiteIsUnreachableStillLoads() {
        String name = "t/DeadCallSite";
        byte[] in = deadCallSite(name);
        Instrumenter instrumenter = new Instrumenter(n -> n.equals(name) ? in : ClassBytes.of(null).find(n), diagnostics, true);
        byte[] out = instrumenter.transform(in);
        assertTrue(failures.isEmpty(), failures.toString());
        assertNotNull(out, "the class was rewritten");
        new ClassLoader(null) {
            Class<?> define() {
                return defineClass(name.replace('/', '.'), out, 0, out.length); // the JVM's format checks run here
            }
        }.define();
    }
}
