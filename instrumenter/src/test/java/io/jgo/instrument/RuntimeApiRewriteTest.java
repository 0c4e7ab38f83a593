package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The runtime's own build rewrites its API classes ({@link RewriteOptions#withRuntimeApi}): a class
 * of {@code io/jgo} with a suspending method is rewritten then, never otherwise; a class that drives
 * the stack protocol by hand (a leaf) and every class of {@code io/jgo/internal} never are.
 */
class RuntimeApiRewriteTest {

    private final List<String> failures = new ArrayList<>();

    @Test
    void anApiClassWithASuspendingMethodIsRewrittenOnlyInTheRuntimesBuild() {
        byte[] sync = goroutineClass("io/jgo/SomeSync", false);
        assertNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(sync), "an application's rewrite leaves io.jgo alone");
        assertNotNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi()).transform(sync));
        assertEquals(List.of(), failures);
    }

    @Test
    void aHandWrittenLeafIsNeverRewritten() {
        byte[] leaf = goroutineClass("io/jgo/SomeLeaf", true);
        assertNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi()).transform(leaf));
        assertEquals(List.of(), failures);
    }

    @Test
    void internalClassesAreNeverRewritten() {
        byte[] internal = goroutineClass("io/jgo/internal/sync/Something", false);
        assertNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi()).transform(internal));
        assertEquals(List.of(), failures);
    }

    private Instrumenter instrumenter(RewriteOptions options) {
        return new Instrumenter(ClassBytes.of(null), new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e.getMessage());
            }
        }, true, options);
    }

    /** A class with one {@code @Goroutine} method calling {@code Go.gosched()}; a leaf takes the call-site handshake first, as hand-written frames do. */
    private static byte[] goroutineClass(String name, boolean takesCallSite) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "work", "()V", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false).visitEnd();
        m.visitCode();
        if (takesCallSite) {
            m.visitMethodInsn(Opcodes.INVOKESTATIC, RuntimeNames.STACK, RuntimeNames.CURRENT, RuntimeNames.CURRENT_DESC, false);
            m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RuntimeNames.STACK, RuntimeNames.TAKE_CALL_SITE, "()J", false);
            m.visitInsn(Opcodes.POP2);
        }
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
