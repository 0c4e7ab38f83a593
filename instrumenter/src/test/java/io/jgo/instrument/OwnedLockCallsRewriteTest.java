package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The owned-locks step on bytecode: {@code Lock}'s taking and releasing methods, called through the
 * interface, on {@code ReentrantLock} and on the read-write lock's views, or named by a method
 * reference, go through {@code OwnedLocks}; {@code StampedLock}, {@code io.jgo.Mutex}, a
 * {@code super.lock()} and other methods of the lock are left alone. (The runtime's
 * {@code OwnedLockTest} and {@code OwnedLockPinningTest} show what it does at run time.)
 */
class OwnedLockCallsRewriteTest {

    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String REENTRANT = "java/util/concurrent/locks/ReentrantLock";
    private static final String WRITE_LOCK = "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock";
    private static final String READ_LOCK = "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock";

    private final List<InstrumentationException> failures = new ArrayList<>();

    private byte[] rewrite(byte[] in) {
        byte[] out = new Instrumenter(ClassBytes.of(null), new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e);
            }
        }, true, RewriteOptions.of(PreemptMode.LOOPS)).transform(in);
        assertEquals(List.of(), failures);
        assertNotNull(out, "the class was left as it was");
        return out;
    }

    /**
     * {@code @Goroutine static void work(Lock l, ReentrantLock r, WriteLock w, ReadLock rd, StampedLock s, Mutex mu)}
     * calling each method once, then {@code Runnable u = r::unlock}, then {@code Go.gosched()}.
     */
    private static byte[] caller() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Caller", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "work", "(L" + LOCK + ";L" + REENTRANT + ";L" + WRITE_LOCK
                + ";L" + READ_LOCK + ";Ljava/util/concurrent/locks/StampedLock;Lio/jgo/Mutex;)V", null,
                new String[] {"java/lang/Exception"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        call(m, 0, Opcodes.INVOKEINTERFACE, LOCK, "lock", "()V");
        call(m, 0, Opcodes.INVOKEINTERFACE, LOCK, "tryLock", "()Z");
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitFieldInsn(Opcodes.GETSTATIC, "java/util/concurrent/TimeUnit", "SECONDS", "Ljava/util/concurrent/TimeUnit;");
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, REENTRANT, "tryLock", "(JLjava/util/concurrent/TimeUnit;)Z", false);
        m.visitInsn(Opcodes.POP);
        call(m, 1, Opcodes.INVOKEVIRTUAL, REENTRANT, "lockInterruptibly", "()V");
        call(m, 1, Opcodes.INVOKEVIRTUAL, REENTRANT, "getHoldCount", "()I");
        m.visitInsn(Opcodes.POP);
        call(m, 2, Opcodes.INVOKEVIRTUAL, WRITE_LOCK, "lock", "()V");
        call(m, 3, Opcodes.INVOKEVIRTUAL, READ_LOCK, "unlock", "()V");
        call(m, 4, Opcodes.INVOKEVIRTUAL, "java/util/concurrent/locks/StampedLock", "writeLock", "()J");
        m.visitInsn(Opcodes.POP2);
        call(m, 5, Opcodes.INVOKEVIRTUAL, "io/jgo/Mutex", "unlock", "()V");
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitInvokeDynamicInsn("run", "(L" + REENTRANT + ";)Ljava/lang/Runnable;",
                new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/LambdaMetafactory", "metafactory",
                        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
                                + "Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)"
                                + "Ljava/lang/invoke/CallSite;", false),
                Type.getType("()V"), new Handle(Opcodes.H_INVOKEVIRTUAL, REENTRANT, "unlock", "()V", false), Type.getType("()V"));
        m.visitInsn(Opcodes.POP);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void call(MethodVisitor m, int local, int opcode, String owner, String name, String desc) {
        m.visitVarInsn(Opcodes.ALOAD, local);
        m.visitMethodInsn(opcode, owner, name, desc, opcode == Opcodes.INVOKEINTERFACE);
    }

    @Test
    void takingAndReleasingOwnedLocksGoThroughTheRuntimeAndNothingElseDoes() {
        ClassNode cn = new ClassNode();
        new ClassReader(rewrite(caller())).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        String reference = null;
        for (MethodNode m : cn.methods) {
            if (!m.name.equals("work")) {
                continue;
            }
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode) {
                    MethodInsnNode call = (MethodInsnNode) insn;
                    String owner = call.owner.substring(call.owner.lastIndexOf('/') + 1);
                    if (!owner.equals("Stack") && !owner.equals("Go") && !call.name.startsWith("$jgo$")) {
                        calls.add(owner + "." + call.name + call.desc);
                    }
                } else if (insn instanceof InvokeDynamicInsnNode) {
                    Handle impl = (Handle) ((InvokeDynamicInsnNode) insn).bsmArgs[1];
                    reference = impl.getOwner() + "." + impl.getName() + impl.getDesc() + " tag " + impl.getTag()
                            + " site " + ((InvokeDynamicInsnNode) insn).desc;
                }
            }
        }
        String helper = "OwnedLocks.";
        String lockArg = "(Ljava/util/concurrent/locks/Lock;";
        assertEquals(List.of(
                helper + "lock" + lockArg + ")V",
                helper + "tryLock" + lockArg + ")Z",
                helper + "tryLock" + lockArg + "JLjava/util/concurrent/TimeUnit;)Z",
                helper + "lockInterruptibly" + lockArg + ")V",
                "ReentrantLock.getHoldCount()I",
                helper + "lock" + lockArg + ")V",
                helper + "unlock" + lockArg + ")V",
                "StampedLock.writeLock()J",
                "Mutex.unlock()V"), calls);
        assertEquals("io/jgo/internal/blocking/OwnedLocks.unlock" + lockArg + ")V tag " + Opcodes.H_INVOKESTATIC
                + " site " + lockArg + ")Ljava/lang/Runnable;", reference);
    }
}
