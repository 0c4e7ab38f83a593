package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The structural-limits check: what it finds in class files built here, and that the rewrite
 * reports a class it would push past a limit and leaves it as it was.
 */
class ClassLimitsTest {

    private final List<InstrumentationException> failures = new ArrayList<>();

    private final Diagnostics diagnostics = new Diagnostics() {
        @Override
        public void warning(String message) {
        }

        @Override
        public void failed(InstrumentationException e) {
            failures.add(e);
        }
    };

    /** A class with one method {@code name(desc)} that returns at once. */
    private static byte[] withMethod(int access, String name, String desc) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "l/Limits", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(access, name, desc, null, null);
        m.visitCode();
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void define(byte[] bytes) {
        new ClassLoader(null) {
            Class<?> define() {
                return defineClass(null, bytes, 0, bytes.length);
            }
        }.define();
    }

    @Test
    void aDescriptorOverTwoHundredFiftyFiveParameterSlotsIsNamedWithTheLimit() {
        String desc = "(" + "J".repeat(127) + "II)V"; // 256 slots
        byte[] bytes = withMethod(Opcodes.ACC_STATIC, "wide", desc);
        assertThrows(ClassFormatError.class, () -> define(bytes), "the JVM refuses it too");
        InstrumentationException e = assertThrows(InstrumentationException.class, () -> ClassLimits.check(bytes, Map.of()));
        assertEquals("l/Limits", e.className());
        assertEquals("wide", e.methodName());
        assertEquals(desc, e.descriptor());
        assertTrue(e.getMessage().contains("256 parameter slots") && e.getMessage().contains("limit of 255"), e.getMessage());
    }

    @Test
    void theReceiverCountsAgainstTheLimitOfAnInstanceMethod() {
        String desc = "(" + "J".repeat(127) + "I)V"; // 255 slots
        assertDoesNotThrow(() -> ClassLimits.check(withMethod(Opcodes.ACC_STATIC, "m", desc), Map.of()));
        byte[] instance = withMethod(Opcodes.ACC_PUBLIC, "m", desc);
        InstrumentationException e = assertThrows(InstrumentationException.class, () -> ClassLimits.check(instance, Map.of()));
        assertTrue(e.getMessage().contains("256 parameter slots with this"), e.getMessage());
    }

    @Test
    void aGeneratedHelperIsBlamedOnTheMethodItWasMadeFor() {
        byte[] bytes = withMethod(Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE, "$jgo$save$0", "(" + "D".repeat(128) + ")V");
        MethodNode origin = new MethodNode(Opcodes.ACC_STATIC, "work", "(I)V", null, null);
        InstrumentationException e = assertThrows(InstrumentationException.class,
                () -> ClassLimits.check(bytes, Map.of("$jgo$save$0", origin)));
        assertEquals("work", e.methodName());
        assertEquals("(I)V", e.descriptor());
        assertTrue(e.getMessage().contains("generated method $jgo$save$0") && e.getMessage().contains("split the method"),
                e.getMessage());
    }

    @Test
    void aCountThatOverflowedTwoBytesIsFound() {
        // ASM writes a line-number table of 70,000 entries with its count cut to 70,000 - 65,536.
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "l/Lines", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "lines", "()V", null, null);
        m.visitCode();
        Label here = new Label();
        m.visitLabel(here);
        for (int i = 0; i < 70_000; i++) {
            m.visitLineNumber(i + 1, here);
        }
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        assertThrows(ClassFormatError.class, () -> define(bytes), "the JVM refuses it");
        InstrumentationException e = assertThrows(InstrumentationException.class, () -> ClassLimits.check(bytes, Map.of()));
        assertTrue(e.getMessage().contains("LineNumberTable would have 70000 entries"), e.getMessage());
    }

    @Test
    void aStackMapFramePastTheEndOfTheCodeIsFound() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "l/Frames", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "f", "()V", null, null);
        m.visitCode();
        m.visitInsn(Opcodes.RETURN);
        m.visitLabel(new Label());
        m.visitFrame(Opcodes.F_NEW, 0, new Object[0], 0, new Object[0]); // at offset 1, after the only instruction
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        InstrumentationException e = assertThrows(InstrumentationException.class, () -> ClassLimits.check(bytes, Map.of()));
        assertTrue(e.getMessage().contains("StackMapTable has a frame at offset 1"), e.getMessage());
    }

    @Test
    void localsTheClassWriterWouldTruncateAreFoundBeforeWriting() {
        ClassNode cn = new ClassNode();
        cn.name = "l/Locals";
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "many", "()V", null, null);
        m.maxLocals = 70_000;
        cn.methods.add(m);
        InstrumentationException e = assertThrows(InstrumentationException.class, () -> ClassLimits.checkTree(cn, List.of()));
        assertTrue(e.getMessage().contains("70000 local-variable slots") && e.getMessage().contains("max_locals"), e.getMessage());
        m.maxLocals = 10;
        m.maxStack = 65_500;
        assertDoesNotThrow(() -> ClassLimits.checkTree(cn, List.of()), "a method the rewrite did not change keeps its stack");
        e = assertThrows(InstrumentationException.class, () -> ClassLimits.checkTree(cn, List.of(m)));
        assertTrue(e.getMessage().contains("max_stack"), e.getMessage());
    }

    @Test
    void aClassWhoseRewriteWouldOverflowTheConstantPoolIsReportedAndLeftAsItWas() {
        String name = "l/Constants";
        byte[] in = nearlyFullConstantPool(name);
        int entries = new ClassReader(in).getItemCount();
        assertTrue(entries < 65_535 && entries > 65_535 - 20, "the original is legal and nearly full: " + entries);
        Instrumenter instrumenter = new Instrumenter(n -> n.equals(name) ? in : ClassBytes.of(null).find(n), diagnostics, true);
        assertNull(instrumenter.transform(in), "the class is used as it was");
        assertEquals(1, failures.size(), failures.toString());
        String message = failures.get(0).getMessage();
        assertTrue(message.contains("l.Constants") && message.contains("constant-pool entries, over the JVM's limit of 65535")
                && message.contains("split the class"), message);
    }

    /** A class with a rewritable method and so many string constants that the rewrite's own constants do not fit. */
    private static byte[] nearlyFullConstantPool(String name) {
        int strings = (65_535 - 17 - 40) / 2; // each distinct string: a String and a Utf8 entry; the rest measured below
        for (int attempt = 0; ; attempt++) {
            byte[] bytes = constants(name, strings);
            int entries = new ClassReader(bytes).getItemCount();
            if (entries < 65_535 && entries > 65_535 - 20) {
                return bytes;
            }
            strings += (65_535 - 10 - entries) / 2;
            assertTrue(attempt < 3, "could not size the constant pool: " + entries);
        }
    }

    private static byte[] constants(String name, int strings) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        int perMethod = 15_000; // ldc_w and pop: 4 bytes each
        for (int first = 0, k = 0; first < strings; first += perMethod, k++) {
            MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "strings" + k, "()V", null, null);
            m.visitCode();
            for (int i = first; i < Math.min(strings, first + perMethod); i++) {
                m.visitLdcInsn("c" + i);
                m.visitInsn(Opcodes.POP);
            }
            m.visitInsn(Opcodes.RETURN);
            m.visitMaxs(0, 0);
            m.visitEnd();
        }
        MethodVisitor f = cw.visitMethod(Opcodes.ACC_STATIC, "f", "(I)I", null, null);
        f.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        f.visitCode();
        f.visitVarInsn(Opcodes.ILOAD, 0);
        f.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        f.visitInsn(Opcodes.IRETURN);
        f.visitMaxs(0, 0);
        f.visitEnd();
        MethodVisitor g = cw.visitMethod(Opcodes.ACC_STATIC, "g", "(I)I", null, null);
        g.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        g.visitCode();
        g.visitVarInsn(Opcodes.ILOAD, 0);
        g.visitInsn(Opcodes.IRETURN);
        g.visitMaxs(0, 0);
        g.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
