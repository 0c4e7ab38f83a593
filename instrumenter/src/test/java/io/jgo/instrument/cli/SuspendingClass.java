package io.jgo.instrument.cli;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The class file of a small class with two {@code @io.jgo.Goroutine} methods, one calling the other,
 * generated with ASM: this module cannot compile against the runtime's annotation, and the rewrite
 * recognises it by its descriptor alone. In Java:
 * <pre>
 * public class fixture.Suspending {
 *     &#64;Goroutine public int outer(int x) { int y = x * 2; inner(); return y + 1; }
 *     &#64;Goroutine public void inner() { }
 * }
 * </pre>
 */
final class SuspendingClass {

    static final String NAME = "fixture/Suspending";

    private SuspendingClass() {
    }

    static byte[] bytes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, NAME, null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor outer = cw.visitMethod(Opcodes.ACC_PUBLIC, "outer", "(I)I", null, null);
        outer.visitAnnotation("Lio/jgo/Goroutine;", false).visitEnd();
        outer.visitCode();
        outer.visitVarInsn(Opcodes.ILOAD, 1);
        outer.visitInsn(Opcodes.ICONST_2);
        outer.visitInsn(Opcodes.IMUL);
        outer.visitVarInsn(Opcodes.ISTORE, 2);
        outer.visitVarInsn(Opcodes.ALOAD, 0);
        outer.visitMethodInsn(Opcodes.INVOKEVIRTUAL, NAME, "inner", "()V", false);
        outer.visitVarInsn(Opcodes.ILOAD, 2);
        outer.visitInsn(Opcodes.ICONST_1);
        outer.visitInsn(Opcodes.IADD);
        outer.visitInsn(Opcodes.IRETURN);
        outer.visitMaxs(0, 0);
        outer.visitEnd();

        MethodVisitor inner = cw.visitMethod(Opcodes.ACC_PUBLIC, "inner", "()V", null, null);
        inner.visitAnnotation("Lio/jgo/Goroutine;", false).visitEnd();
        inner.visitCode();
        inner.visitInsn(Opcodes.RETURN);
        inner.visitMaxs(0, 0);
        inner.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
