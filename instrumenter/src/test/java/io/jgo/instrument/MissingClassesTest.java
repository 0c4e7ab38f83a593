package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the rewrite does when class files cannot be found, as in a build-time run without
 * {@code --classpath}: the runtime's own classes are known anyway, a call into any other missing class
 * is taken as a suspension point, and a class whose frames need a missing class is refused with its
 * name. This module does not see the runtime, so every lookup here is one without it.
 */
class MissingClassesTest {

    private static final String STACK_CALL_SITE = "PUTFIELD io/jgo/internal/Stack.callSite : J";

    private final List<InstrumentationException> failures = new ArrayList<>();
    private final Map<String, byte[]> classpath = new HashMap<>();
    private final Instrumenter instrumenter = new Instrumenter(
            name -> classpath.containsKey(name) ? classpath.get(name) : ClassBytes.of(null).find(name),
            new Diagnostics() {
                @Override
                public void warning(String message) {
                }

                @Override
                public void failed(InstrumentationException e) {
                    failures.add(e);
                }
            }, true);

    @Test
    void runtimePrimitivesAreSuspensionPointsWithoutTheRuntimeOnTheClassPath() {
        assertNull(ClassBytes.of(null).find("io/jgo/Go"), "this test needs a class path without the runtime");
        String[][] primitives = {
                {"io/jgo/Go", "gosched", "()V", "INVOKESTATIC"},
                {"io/jgo/Go", "sleep", "(Ljava/time/Duration;)V", "INVOKESTATIC"},
                {"io/jgo/WaitGroup", "await", "()V", "INVOKEVIRTUAL"},
                {"io/jgo/internal/coroutine/Coroutine", "suspend", "()V", "INVOKESTATIC"}};
        for (String[] p : primitives) {
            String name = "app/Calls" + p[1];
            byte[] rewritten = instrumenter.transform(callingOnly(name, p[0], p[1], p[2], p[3].equals("INVOKESTATIC")));
            assertNotNull(rewritten, p[0] + "." + p[1] + " was not taken as a suspension point: " + failures);
            assertHandshakeBefore(ClassNodeView.of(rewritten).codeOf("f", "(Ljava/lang/Object;)V"),
                    p[3] + " " + p[0] + "." + p[1] + " " + p[2]);
        }
        assertEquals(List.of(), failures);
        assertEquals(java.util.Set.of(), instrumenter.classesNotFound());
    }

    /** A program: {@code @Goroutine static long fold(List<Integer> xs)} with a for-each and then {@code Go.gosched()}. */
    @Test
    void aForEachLoopFollowedByGoschedHandsShakesAtEveryCall() {
        byte[] rewritten = instrumenter.transform(fold("app/Fold"));
        assertNotNull(rewritten, failures.toString());
        String code = ClassNodeView.of(rewritten).codeOf("fold", "(Ljava/util/List;)J");
        assertHandshakeBefore(code, "INVOKEINTERFACE java/util/Iterator.hasNext ()Z (itf)");
        assertHandshakeBefore(code, "INVOKESTATIC io/jgo/Go.gosched ()V");
    }

    @Test
    void aCallIntoAClassNotFoundIsTakenAsASuspensionPointAndTheClassIsNamed() {
        byte[] rewritten = instrumenter.transform(callingOnly("app/CallsLibrary", "lib/Missing", "compute", "()V", true));
        assertNotNull(rewritten, failures.toString());
        assertHandshakeBefore(ClassNodeView.of(rewritten).codeOf("f", "(Ljava/lang/Object;)V"),
                "INVOKESTATIC lib/Missing.compute ()V");
        assertTrue(instrumenter.classesNotFound().contains("lib/Missing"), instrumenter.classesNotFound().toString());
    }

    @Test
    void aClassWhoseFramesNeedAMissingClassIsRefusedNamingIt() {
        byte[] rewritten = instrumenter.transform(choosing("app/Chooses", "Llib/A;", "Llib/B;"));
        assertNull(rewritten);
        assertEquals(1, failures.size(), failures.toString());
        String missing = failures.get(0).missingClass();
        assertTrue(java.util.Set.of("lib.A", "lib.B").contains(missing), String.valueOf(missing));
        assertTrue(failures.get(0).getMessage().contains("class " + missing + " is not on the class path"), failures.get(0).getMessage());
    }

    /** Before: a missing class half-way up a hierarchy made the subtype test answer "no", then a NullPointerException. */
    @Test
    void aMissingSuperclassHalfWayUpIsNamedNotGuessed() {
        classpath.put("app/Sub", classExtending("app/Sub", "lib/Base"));
        classpath.put("app/Other", classExtending("app/Other", "java/lang/Object"));
        byte[] rewritten = instrumenter.transform(choosing("app/ChoosesSub", "Lapp/Sub;", "Lapp/Other;"));
        assertNull(rewritten);
        assertEquals(1, failures.size(), failures.toString());
        assertEquals("lib.Base", failures.get(0).missingClass(), failures.get(0).getMessage());
    }

    /**
     * The call's handshake, the store of its call-site id ({@code LDC id; PUTFIELD callSite}, not the
     * prologue's {@code LCONST_0} that clears it), comes after the previous call and before this one.
     */
    private static void assertHandshakeBefore(String code, String call) {
        String[] lines = code.lines().map(String::trim).toArray(String[]::new);
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].equals(call)) {
                for (int j = i - 1; j >= 0 && !lines[j].startsWith("INVOKE"); j--) {
                    if (lines[j].equals(STACK_CALL_SITE) && lines[j - 1].startsWith("LDC ")) {
                        return;
                    }
                }
                throw new AssertionError("no call-site handshake before " + call + " in\n" + code);
            }
        }
        throw new AssertionError("no " + call + " in\n" + code);
    }

    /** {@code @Goroutine static void f(Object o) { owner.method(); }} (receiver {@code (Owner) o} for an instance method). */
    private static byte[] callingOnly(String name, String owner, String method, String descriptor, boolean isStatic) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor f = goroutine(cw, "f", "(Ljava/lang/Object;)V");
        if (!isStatic) {
            f.visitVarInsn(Opcodes.ALOAD, 0);
            f.visitTypeInsn(Opcodes.CHECKCAST, owner);
        } else if (descriptor.startsWith("(Ljava/time/Duration;")) {
            f.visitFieldInsn(Opcodes.GETSTATIC, "java/time/Duration", "ZERO", "Ljava/time/Duration;");
        }
        f.visitMethodInsn(isStatic ? Opcodes.INVOKESTATIC : Opcodes.INVOKEVIRTUAL, owner, method, descriptor, false);
        f.visitInsn(Opcodes.RETURN);
        f.visitMaxs(0, 0);
        f.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code @Goroutine static long fold(List<Integer> xs) { long s = 0; for (int x : xs) s += x; Go.gosched(); return s; }} */
    private static byte[] fold(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor m = goroutine(cw, "fold", "(Ljava/util/List;)J");
        Label loop = new Label();
        Label done = new Label();
        m.visitInsn(Opcodes.LCONST_0);
        m.visitVarInsn(Opcodes.LSTORE, 1);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/List", "iterator", "()Ljava/util/Iterator;", true);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitLabel(loop);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Iterator", "hasNext", "()Z", true);
        m.visitJumpInsn(Opcodes.IFEQ, done);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Iterator", "next", "()Ljava/lang/Object;", true);
        m.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/Integer");
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Integer", "intValue", "()I", false);
        m.visitInsn(Opcodes.I2L);
        m.visitVarInsn(Opcodes.LLOAD, 1);
        m.visitInsn(Opcodes.LADD);
        m.visitVarInsn(Opcodes.LSTORE, 1);
        m.visitJumpInsn(Opcodes.GOTO, loop);
        m.visitLabel(done);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
        m.visitVarInsn(Opcodes.LLOAD, 1);
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code @Goroutine static Object f(boolean b, A a, B other) { Object o = b ? a : other; Go.gosched(); return o; }} */
    private static byte[] choosing(String name, String a, String b) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor m = goroutine(cw, "f", "(Z" + a + b + ")Ljava/lang/Object;");
        Label second = new Label();
        Label join = new Label();
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitJumpInsn(Opcodes.IFEQ, second);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitJumpInsn(Opcodes.GOTO, join);
        m.visitLabel(second);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitLabel(join);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static byte[] classExtending(String name, String superName) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName, null);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static MethodVisitor goroutine(ClassWriter cw, String name, String descriptor) {
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, name, descriptor, null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        return m;
    }
}
