package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

/** The facade's contract, on classes generated here (this module does not see the runtime). */
class InstrumenterTest {

    private final List<String> warnings = new ArrayList<>();
    private final List<InstrumentationException> failures = new ArrayList<>();
    private final Map<String, byte[]> classpath = new HashMap<>();

    private final Diagnostics diagnostics = new Diagnostics() {
        @Override
        public void warning(String message) {
            warnings.add(message);
        }

        @Override
        public void failed(InstrumentationException e) {
            failures.add(e);
        }
    };

    private Instrumenter instrumenter() {
        return new Instrumenter(name -> classpath.containsKey(name) ? classpath.get(name) : ClassBytes.of(null).find(name),
                diagnostics, true);
    }

    /** {@code class Sample { @Goroutine static int f(int x) { return g(x) + x; }  @Goroutine static int g(int x) { return x; } }} */
    private byte[] sample(String name, int version) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(version, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor f = cw.visitMethod(Opcodes.ACC_STATIC, "f", "(I)I", null, null);
        f.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        f.visitCode();
        f.visitVarInsn(Opcodes.ILOAD, 0);
        f.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        f.visitVarInsn(Opcodes.ILOAD, 0);
        f.visitInsn(Opcodes.IADD);
        f.visitInsn(Opcodes.IRETURN);
        f.visitMaxs(0, 0);
        f.visitEnd();
        addIdentityG(cw);
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        classpath.put(name, bytes);
        return bytes;
    }

    /** {@code @Goroutine static int g(int x) { return x; }}: a suspendable target that cannot itself suspend. */
    private static void addIdentityG(ClassWriter cw) {
        MethodVisitor g = cw.visitMethod(Opcodes.ACC_STATIC, "g", "(I)I", null, null);
        g.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        g.visitCode();
        g.visitVarInsn(Opcodes.ILOAD, 0);
        g.visitInsn(Opcodes.IRETURN);
        g.visitMaxs(0, 0);
        g.visitEnd();
    }

    /**
     * The lazy resume adds a resume entry and a resumer to every rewritten class, but nothing that
     * enters a default {@code serialVersionUID}: no static initializer where there was none, no
     * member that is not private (objects serialized before the rewrite must still deserialize).
     */
    @Test
    void theResumeEntryLeavesTheSerialVersionUidInputsAlone() {
        byte[] in = sample("t/Serial", Opcodes.V17);
        byte[] out = instrumenter().transform(in);
        assertNotNull(out);
        org.objectweb.asm.tree.ClassNode before = node(in);
        org.objectweb.asm.tree.ClassNode after = node(out);
        assertTrue(after.methods.stream().anyMatch(m -> m.name.equals("$jgo$resume")), "the class got its resume entry");
        assertFalse(after.methods.stream().anyMatch(m -> m.name.equals("<clinit>")), "no static initializer was added");
        assertEquals(nonPrivateMembers(before), nonPrivateMembers(after));
    }

    private static org.objectweb.asm.tree.ClassNode node(byte[] bytes) {
        org.objectweb.asm.tree.ClassNode n = new org.objectweb.asm.tree.ClassNode();
        new ClassReader(bytes).accept(n, ClassReader.SKIP_CODE);
        return n;
    }

    private static List<String> nonPrivateMembers(org.objectweb.asm.tree.ClassNode n) {
        List<String> members = new ArrayList<>();
        n.fields.stream().filter(f -> (f.access & Opcodes.ACC_PRIVATE) == 0).forEach(f -> members.add(f.access + " " + f.name + f.desc));
        n.methods.stream().filter(m -> (m.access & Opcodes.ACC_PRIVATE) == 0).forEach(m -> members.add(m.access + " " + m.name + m.desc));
        java.util.Collections.sort(members);
        return members;
    }

    /**
     * Method ids are 32-bit hashes of names, and {@code "Aa"} and {@code "BB"} hash alike: a method
     * that is not rewritten, {@code fBB}, shares the id of the rewritten {@code fAa}. The runtime
     * could take a frame of {@code fBB} for {@code fAa}'s call site and unwind into it, so every call
     * site of {@code fAa} is marked and a warning names the method.
     */
    @Test
    void callSitesOfAMethodSharingItsIdWithAnotherMethodAreMarkedSoNothingUnwindsIntoThem() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "t/Shared", null, "java/lang/Object", null);
        for (String name : List.of("fAa", "fBB")) {
            MethodVisitor f = cw.visitMethod(Opcodes.ACC_STATIC, name, "(I)I", null, null);
            if (name.equals("fAa")) {
                f.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
            }
            f.visitCode();
            f.visitVarInsn(Opcodes.ILOAD, 0);
            f.visitMethodInsn(Opcodes.INVOKESTATIC, "t/Shared", "g", "(I)I", false);
            f.visitInsn(Opcodes.IRETURN);
            f.visitMaxs(0, 0);
            f.visitEnd();
        }
        addIdentityG(cw);
        cw.visitEnd();
        byte[] in = cw.toByteArray();
        classpath.put("t/Shared", in);
        assertEquals(RuntimeNames.methodId("t/Shared", "fAa", "(I)I"), RuntimeNames.methodId("t/Shared", "fBB", "(I)I"));

        byte[] out = instrumenter().transform(in);

        org.objectweb.asm.tree.ClassNode after = new org.objectweb.asm.tree.ClassNode();
        new ClassReader(out).accept(after, 0);
        List<Long> sites = new ArrayList<>();
        for (org.objectweb.asm.tree.MethodNode m : after.methods) {
            if (m.name.equals("fAa")) {
                for (org.objectweb.asm.tree.AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof org.objectweb.asm.tree.LdcInsnNode ldc && ldc.cst instanceof Long id
                            && (int) (id >>> 32) == RuntimeNames.methodId("t/Shared", "fAa", "(I)I")) {
                        sites.add(id);
                    }
                }
            }
        }
        assertFalse(sites.isEmpty(), "fAa has a call site");
        assertTrue(sites.stream().allMatch(id -> (id & RuntimeNames.SHARED_ID_SITE) != 0), "every site of fAa is marked: " + sites);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("t.Shared.fAa(I)I has the same method id")), warnings.toString());
    }

    @Test
    void warmUpRunsTheWholePipelineWithoutReports() {
        assertTrue(instrumenter().warmUp());
        assertTrue(failures.isEmpty() && warnings.isEmpty(), failures + " " + warnings);
    }

    @Test
    void classFilesUpToJava25AreRewritten() {
        assertNotNull(instrumenter().transform(sample("t/Java25", Opcodes.V25)));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void annotatedMethodThatCannotSuspendIsLeftAsWritten() {
        byte[] in = sample("t/Leaf", Opcodes.V17);
        ClassNodeView out = ClassNodeView.of(instrumenter().transform(in));
        assertEquals(out.codeOf("g", "(I)I"), ClassNodeView.of(in).codeOf("g", "(I)I"));
        assertTrue(out.codeOf("f", "(I)I").contains("io/jgo/internal/Stack"), "f has a suspension point and is rewritten");
    }

    @Test
    void rewrittenClassPassesCheckClassAdapter() {
        byte[] out = instrumenter().transform(sample("t/Sample", Opcodes.V17));
        assertNotNull(out);
        // Structure and ASM's basic data-flow check (which loads no class: io.jgo.internal.Stack is not
        // on this module's class path); the typed check ran inside transform (verify = true).
        new ClassReader(out).accept(new CheckClassAdapter(null, true), 0);
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void alreadyRewrittenClassIsRecognisedAndNotRewrittenTwice() {
        Instrumenter instrumenter = instrumenter();
        byte[] once = instrumenter.transform(sample("t/Twice", Opcodes.V17));
        assertNotNull(once);
        assertNull(instrumenter.transform(once));
        assertTrue(failures.isEmpty(), failures.toString());
    }

    @Test
    void classWithoutSuspendablesIsLeftAlone() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "t/Plain", null, "java/lang/Object", null);
        cw.visitEnd();
        byte[] plain = cw.toByteArray();
        assertFalse(instrumenter().mightSuspend(plain));
        assertNull(instrumenter().transform(plain));
    }

    @Test
    void byteScanSeesClassesThatCallAKnownDeclaringClassWithoutNamingTheRuntime() {
        Instrumenter instrumenter = instrumenter();
        assertNotNull(instrumenter.transform(sample("t/Declaring", Opcodes.V17))); // learns t/Declaring
        assertTrue(instrumenter.mightSuspend(caller("t/User", "t/Declaring")));
        assertFalse(instrumenter.mightSuspend(caller("t/Bystander", "t/Unrelated")));
    }

    /** {@code class name { static int h() { return target.g(1); } }}: names {@code target}, not the runtime. */
    private static byte[] caller(String name, String target) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor h = cw.visitMethod(Opcodes.ACC_STATIC, "h", "()I", null, null);
        h.visitCode();
        h.visitInsn(Opcodes.ICONST_1);
        h.visitMethodInsn(Opcodes.INVOKESTATIC, target, "g", "(I)I", false);
        h.visitLdcInsn(12345678901L); // a two-slot constant, to exercise the constant-pool walk
        h.visitInsn(Opcodes.POP2);
        h.visitInsn(Opcodes.IRETURN);
        h.visitMaxs(0, 0);
        h.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void byteScanSeesTheAnnotation() {
        assertTrue(instrumenter().mightSuspend(sample("t/Scan", Opcodes.V17)));
    }

    @Test
    void classFileNewerThanJava25IsReportedAndLeftAsItWas() {
        byte[] bytes = sample("t/Future", Opcodes.V17);
        bytes[7] = 70; // major version 70 (Java 26)
        assertNull(instrumenter().transform(bytes));
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).getMessage().contains("t.Future"), failures.get(0).getMessage());
        assertTrue(failures.get(0).getMessage().contains("newer than Java 25"));
    }

    @Test
    void uninitializedObjectAcrossSuspensionIsReportedWithClassMethodAndLine() {
        String name = "t/Uninit";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "make", "()Ljava/lang/Object;", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        Label line = new Label();
        m.visitLabel(line);
        m.visitLineNumber(42, line);
        // NEW StringBuilder; DUP; ICONST_1; SWAP... a shape javac never emits: NEW, arg, DUP_X1, POP, <init>
        m.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.DUP);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "()V", false);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        addIdentityG(cw);
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        byte[] copy = bytes.clone();
        classpath.put(name, bytes);
        assertNull(instrumenter().transform(bytes));
        assertArrayEquals(copy, bytes, "the input must not be touched");
        assertEquals(1, failures.size());
        InstrumentationException e = failures.get(0);
        assertEquals("t/Uninit", e.className());
        assertEquals("make", e.methodName());
        assertEquals("()Ljava/lang/Object;", e.descriptor());
        assertEquals(42, e.line());
        assertTrue(e.getMessage().contains("under construction"), e.getMessage());
    }

    @Test
    void unknownClassInFramesIsReported() {
        String name = "t/Unknown";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "pick", "(ZLmissing/A;Lmissing/B;)Ljava/lang/Object;", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        Label other = new Label();
        Label join = new Label();
        m.visitVarInsn(Opcodes.ILOAD, 0);
        m.visitJumpInsn(Opcodes.IFEQ, other);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitJumpInsn(Opcodes.GOTO, join);
        m.visitLabel(other);
        m.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitLabel(join);
        m.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {"java/lang/Object"});
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        addIdentityG(cw);
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        classpath.put(name, bytes);
        assertNull(instrumenter().transform(bytes));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).getMessage().contains("missing."), failures.get(0).getMessage());
    }
}
