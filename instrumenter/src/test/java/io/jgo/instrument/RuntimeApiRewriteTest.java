package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The runtime's own build rewrites its API classes ({@link RewriteOptions#withRuntimeApi}): a class
 * of {@code io/jgo} with a suspending method is rewritten then, never otherwise; a method marked
 * {@code @Leaf} is left as written while the rest of its class is rewritten; a method that speaks the
 * leaf protocol unmarked fails the rewrite (no silent skip); no class of {@code io/jgo/internal} is
 * ever rewritten.
 */
class RuntimeApiRewriteTest {

    private final List<String> failures = new ArrayList<>();

    @Test
    void anApiClassWithASuspendingMethodIsRewrittenOnlyInTheRuntimesBuild() {
        byte[] sync = classWith("io/jgo/SomeSync", Method.PLAIN);
        assertNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(sync), "an application's rewrite leaves io.jgo alone");
        assertNotNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi()).transform(sync));
        assertEquals(List.of(), failures);
    }

    @Test
    void aMarkedLeafIsLeftAsWrittenAndTheRestOfItsClassIsRewritten() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi())
                .transform(classWith("io/jgo/SomeLeaf", Method.MARKED_LEAF, Method.PLAIN));
        assertNotNull(out, "the plain @Goroutine method is rewritten");
        assertEquals(List.of(), failures);
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        for (MethodNode m : cn.methods) {
            long handshakes = java.util.stream.StreamSupport.stream(m.instructions.spliterator(), false)
                    .filter(i -> i instanceof MethodInsnNode && ((MethodInsnNode) i).name.equals(RuntimeNames.TAKE_CALL_SITE)).count();
            if (m.name.equals("leaf")) {
                assertEquals(0, handshakes, "the leaf keeps its own code: no prologue");
            } else if (m.name.equals("plain")) {
                assertEquals(1, handshakes, "the plain method has its prologue");
            }
        }
    }

    @Test
    void anUnmarkedMethodThatSpeaksTheLeafProtocolFailsTheRewrite() {
        for (Method unmarked : List.of(Method.UNMARKED_LEAF, Method.TAKES_CALL_SITE)) {
            failures.clear();
            byte[] leaf = classWith("io/jgo/SomeLeaf", unmarked, Method.PLAIN);
            assertNull(instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withRuntimeApi()).transform(leaf));
            assertEquals(1, failures.size(), failures.toString());
            assertTrue(failures.get(0).contains("not marked @io.jgo.internal.cont.Leaf"), failures.get(0));
        }
    }

    @Test
    void internalClassesAreNeverRewritten() {
        byte[] internal = classWith("io/jgo/internal/sync/Something", Method.PLAIN);
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

    /** The {@code @Goroutine} methods of a made-up class, each calling {@code Go.gosched()} after what it is. */
    private enum Method {
        /** {@code plain()}: ordinary code, to be rewritten. */
        PLAIN,
        /** {@code leaf()}: marked {@code @Leaf}, calls {@code LeafPark.$jgo$park} first. */
        MARKED_LEAF,
        /** {@code leaf()}: calls {@code LeafPark.$jgo$park} first, unmarked. */
        UNMARKED_LEAF,
        /** {@code leaf()}: takes the call-site handshake by hand, unmarked. */
        TAKES_CALL_SITE
    }

    private static byte[] classWith(String name, Method... methods) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        for (Method kind : methods) {
            MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, kind == Method.PLAIN ? "plain" : "leaf", "()V", null, null);
            m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false).visitEnd();
            if (kind == Method.MARKED_LEAF) {
                m.visitAnnotation(RuntimeNames.LEAF_DESC, false).visitEnd();
            }
            m.visitCode();
            if (kind == Method.MARKED_LEAF || kind == Method.UNMARKED_LEAF) {
                m.visitInsn(Opcodes.ACONST_NULL);
                for (int i = 0; i < 4; i++) {
                    m.visitInsn(Opcodes.ACONST_NULL);
                }
                m.visitInsn(Opcodes.LCONST_0);
                m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RuntimeNames.LEAF_PARK, RuntimeNames.LEAF_PARK_METHOD,
                        "(Lio/jgo/internal/cont/Continuation;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;J)Ljava/lang/Object;", false);
                m.visitInsn(Opcodes.POP);
            } else if (kind == Method.TAKES_CALL_SITE) {
                m.visitMethodInsn(Opcodes.INVOKESTATIC, RuntimeNames.STACK, RuntimeNames.CURRENT, RuntimeNames.CURRENT_DESC, false);
                m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RuntimeNames.STACK, RuntimeNames.TAKE_CALL_SITE, "()J", false);
                m.visitInsn(Opcodes.POP2);
            }
            m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
            m.visitInsn(Opcodes.RETURN);
            m.visitMaxs(0, 0);
            m.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }
}
