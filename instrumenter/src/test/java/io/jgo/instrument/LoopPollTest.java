package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Loop heads poll for preemption in LOOPS mode, so a method whose only way to yield is a loop is rewritten. */
class LoopPollTest {

    private final List<InstrumentationException> failures = new ArrayList<>();

    private Instrumenter instrumenter(PreemptMode mode) {
        return new Instrumenter(ClassBytes.of(null), new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e);
            }
        }, true, RewriteOptions.of(mode));
    }

    /** {@code @Goroutine static int sum(int n) { int t = 0; for (int i = 0; i < n; i++) { t += i; } return t; }}: no call at all. */
    private static byte[] loopOnly() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "LoopOnly", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "sum", "(I)I", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ISTORE, 1);
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ISTORE, 2);
        Label head = new Label();
        Label done = new Label();
        m.visitLabel(head);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitJumpInsn(Opcodes.IF_ICMPGE, done);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitVarInsn(Opcodes.ILOAD, 2);
        m.visitInsn(Opcodes.IADD);
        m.visitVarInsn(Opcodes.ISTORE, 1);
        m.visitIincInsn(2, 1);
        m.visitJumpInsn(Opcodes.GOTO, head);
        m.visitLabel(done);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitInsn(Opcodes.IRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static int callsTo(byte[] classFile, String method, String callee) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        int n = 0;
        for (MethodNode m : cn.methods) {
            if (m.name.equals(method)) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode && ((MethodInsnNode) insn).name.equals(callee)) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    @Test
    void aLoopIsAReasonToRewriteAndItsHeadPolls() {
        byte[] out = instrumenter(PreemptMode.LOOPS).transform(loopOnly());
        assertNotNull(out, "a @Goroutine method with a loop must get a prologue and a poll");
        assertEquals(1, callsTo(out, "sum", RuntimeNames.ON_POLL), "one loop head, one poll");
        assertTrue(failures.isEmpty(), failures::toString);
    }

    @Test
    void callsModeLeavesACallFreeLoopAsWritten() {
        assertNull(instrumenter(PreemptMode.CALLS).transform(loopOnly()), "nothing can suspend: the method stays as it is");
        assertTrue(failures.isEmpty(), failures::toString);
    }

    @Test
    void theModeIsValidatedWithTheValuesThatWork() {
        assertEquals(PreemptMode.LOOPS, PreemptMode.parse("loops"));
        assertEquals(PreemptMode.CALLS, PreemptMode.parse("Calls"));
        assertEquals(PreemptMode.CALLS, PreemptMode.parse("off"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PreemptMode.parse("often"));
        assertTrue(e.getMessage().contains("-Djgo.preempt=often") && e.getMessage().contains("loops (the default), calls or off"),
                e.getMessage());
    }
}
