package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.example.ctors.Child;
import org.example.ctors.Maker;
import org.example.ctors.Waits;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A constructor that may suspend after its {@code super(...)} call is split ({@link ConstructorSplit}):
 * its class gains a prefix constructor, a body method and a factory, and a rewritten {@code new C(a)}
 * calls the factory. The class and its callers decide alike, from the class's bytes
 * ({@link SplitConstructors}); a constructor of another shape is left as it was.
 */
class ConstructorSplitTest {

    private static final String WAITS = "org/example/ctors/Waits";
    private static final String RUN_NAME = "(Ljava/lang/Runnable;Ljava/lang/String;)V";
    private final ClassBytes bytes = ClassBytes.of(ConstructorSplitTest.class.getClassLoader());
    private final List<String> warnings = new ArrayList<>();
    private final List<InstrumentationException> failures = new ArrayList<>();
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

    @Test
    void theShapeDecidesWhatCanBeSplit() throws IOException {
        ClassNode waits = node(Waits.class);
        assertTrue(ConstructorShape.of(waits, init(waits, RUN_NAME)).splittable());
        assertTrue(ConstructorShape.of(waits, init(waits, "(Ljava/util/function/IntSupplier;)V")).splittable(),
                "a try/catch after super() is the body's");
        assertEquals("it delegates to this(...)", ConstructorShape.of(waits, init(waits, "(Ljava/lang/Runnable;)V")).reason());
        ClassNode child = node(Child.class);
        assertEquals("the code before its super(...) call stores a local",
                ConstructorShape.of(child, init(child, "(ILjava/lang/Runnable;)V")).reason());
    }

    @Test
    void theClassAndItsCallersAgreeUnderTheAgentsRule() throws IOException {
        Instrumenter agent = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctors")));
        ClassNode maker = rewritten(agent, Maker.class);
        ClassNode waits = rewritten(agent, Waits.class);
        assertEquals(List.of(), failures);

        InvokeDynamicInsnNode factoryCall = factoryCall(method(maker, "make", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;"));
        assertNotNull(factoryCall, "new Waits(r, name) calls the factory");
        assertEquals("(Ljava/lang/Runnable;Ljava/lang/String;)Lorg/example/ctors/Waits;", factoryCall.desc);
        assertNotNull(method(waits, "jgo$new", factoryCall.desc), "the class declares what its caller calls");
        assertNotNull(method(waits, "<init>", "(Ljava/lang/Runnable;Ljava/lang/String;Ljava/lang/Void;)V"), "the prefix");
        assertNotNull(method(waits, "jgo$init", RUN_NAME), "the body");
        assertNotNull(method(waits, "<init>", RUN_NAME), "the original stays");
        assertNotNull(method(waits, "jgo$new", "(Ljava/util/function/IntSupplier;)Lorg/example/ctors/Waits;"));
        assertEquals(Opcodes.ACC_PROTECTED, method(waits, "jgo$new", "(Ljava/util/function/IntSupplier;)Lorg/example/ctors/Waits;").access
                & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED | Opcodes.ACC_PRIVATE), "the factory has the constructor's access");

        assertNull(factoryCall(method(maker, "delegated", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;")),
                "a this(...) constructor is not split: its construction stays");
        assertNull(method(waits, "jgo$new", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;"));
        assertNull(factoryCall(method(maker, "plain", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;")),
                "a constructor whose body calls nothing that may suspend is not split");
        assertNull(method(waits, "jgo$new", "(I)Lorg/example/ctors/Waits;"));
        assertNull(factoryCall(method(maker, "child", "(Ljava/lang/Runnable;)Lorg/example/ctors/Child;")));
    }

    @Test
    void underTheDefaultRuleTooTheClassSplitsAndItsCallersGoThroughTheBootstrap() throws IOException {
        Instrumenter agent = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("*")));
        ClassNode maker = rewritten(agent, Maker.class);
        ClassNode waits = rewritten(agent, Waits.class);
        assertEquals(List.of(), failures);
        InvokeDynamicInsnNode factoryCall = factoryCall(method(maker, "make", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;"));
        assertNotNull(factoryCall, "under *, new Waits(r, name) goes to the factory, through the bootstrap");
        assertEquals("(Ljava/lang/Runnable;Ljava/lang/String;)Lorg/example/ctors/Waits;", factoryCall.desc);
        assertNotNull(method(waits, "jgo$new", factoryCall.desc), "under *, the class splits what its callers call");
        assertNull(factoryCall(method(maker, "plain", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;")),
                "a constructor whose body calls nothing that may suspend is not split under * either");

        Instrumenter narrow = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("annotated-only")));
        byte[] out = narrow.transform(bytesOf(Waits.class));
        assertNull(out == null ? null : method(nodeOf(out), "jgo$new", factoryCall.desc), "annotated-only splits nothing");
    }

    @Test
    void aConstructorWhoseParametersFillTheJvmsSlotsIsNotSplit() {
        // 127 longs: 254 slots plus this = 255, the JVM's bound; the prefix constructor's Void would be the 256th.
        String desc = "(" + "J".repeat(127) + ")V";
        ClassNode cn = new ClassNode();
        cn.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "org/example/ctors/Wide", null, "java/lang/Object", null);
        MethodNode init = (MethodNode) cn.visitMethod(Opcodes.ACC_PUBLIC, "<init>", desc, null, null);
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        ConstructorShape.Verdict verdict = ConstructorShape.of(cn, init);
        assertFalse(verdict.splittable());
        assertTrue(verdict.reason().contains("255"), verdict.reason());
        String narrower = "(" + "J".repeat(126) + ")V"; // 253 + this: the prefix constructor fits
        MethodNode fits = (MethodNode) cn.visitMethod(Opcodes.ACC_PUBLIC, "<init>", narrower, null, null);
        fits.visitVarInsn(Opcodes.ALOAD, 0);
        fits.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        fits.visitInsn(Opcodes.RETURN);
        assertTrue(ConstructorShape.of(cn, fits).splittable());
    }

    @Test
    void aSerializableClassWithoutASerialVersionUidIsNotSplit() throws IOException {
        Instrumenter agent = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctors")));
        byte[] out = agent.transform(bytesOf(org.example.ctors.SerialWaits.class));
        ClassNode serial = out == null ? node(org.example.ctors.SerialWaits.class) : nodeOf(out);
        assertNull(method(serial, "jgo$new", "(Ljava/lang/Runnable;)Lorg/example/ctors/SerialWaits;"));
        assertTrue(isFinal(field(serial, "value")));
        assertEquals(List.of(), failures);
    }

    @Test
    void theFinalFieldsTheBodyWritesLoseTheFlagAndNoOthers() throws IOException {
        Instrumenter agent = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctors")));
        ClassNode waits = rewritten(agent, Waits.class);
        assertFalse(isFinal(field(waits, "value")));
        assertFalse(isFinal(field(waits, "name")));
        ClassNode base = node(org.example.ctors.Base.class);
        assertTrue(isFinal(field(base, "base")), "a class not split keeps its finals");
        assertNotNull(firstCall(method(waits, "<init>", RUN_NAME), "releaseFence"),
                "the original constructor ends with a release fence in place of the final fields' freeze");
    }

    @Test
    void theBuildTimeClosureListsTheConstructorAndSplitsIt() throws IOException {
        Instrumenter build = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctors")));
        for (Class<?> c : List.of(Waits.class, Maker.class, Child.class, org.example.ctors.Base.class)) {
            build.learn(bytesOf(c));
        }
        Set<String> listed = build.closeSuspendables();
        assertTrue(listed.contains(WAITS + ".<init>" + RUN_NAME), listed.toString());
        assertTrue(listed.contains("org/example/ctors/Maker.make(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;"),
                "a construction of a split constructor reaches a suspension: " + listed);
        ClassNode maker = rewritten(build, Maker.class);
        ClassNode waits = rewritten(build, Waits.class);
        assertEquals(List.of(), failures);
        InvokeDynamicInsnNode factoryCall = factoryCall(method(maker, "make", "(Ljava/lang/Runnable;)Lorg/example/ctors/Waits;"));
        assertNotNull(factoryCall);
        assertNotNull(method(waits, "jgo$new", factoryCall.desc));
    }

    @Test
    void aConstructorThatCannotBeSplitButCallsASuspendingMethodIsNamedWithTheReason() throws IOException {
        Instrumenter agent = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctors"))
                        .withSuspendableMethods(Set.of(WAITS + ".pause()I")));
        rewritten(agent, Waits.class);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("org.example.ctors.Waits(Ljava/lang/Runnable;)V")
                && w.contains("it delegates to this(...)")), warnings.toString());
    }

    private ClassNode rewritten(Instrumenter instrumenter, Class<?> c) throws IOException {
        byte[] out = instrumenter.transform(bytesOf(c));
        assertNotNull(out, c + " was not rewritten: " + failures);
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        return cn;
    }

    private static ClassNode nodeOf(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, ClassReader.SKIP_FRAMES);
        return cn;
    }

    private static ClassNode node(Class<?> c) throws IOException {
        ClassNode cn = new ClassNode();
        new ClassReader(bytesOf(c)).accept(cn, ClassReader.SKIP_FRAMES);
        return cn;
    }

    private static MethodNode init(ClassNode cn, String desc) {
        return method(cn, "<init>", desc);
    }

    private static MethodNode method(ClassNode cn, String name, String desc) {
        for (MethodNode m : cn.methods) {
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return m;
            }
        }
        return null;
    }

    private static FieldNode field(ClassNode cn, String name) {
        for (FieldNode f : cn.fields) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        throw new AssertionError("no field " + name);
    }

    private static boolean isFinal(FieldNode f) {
        return (f.access & Opcodes.ACC_FINAL) != 0;
    }

    private static MethodInsnNode firstCall(MethodNode m, String name) {
        assertNotNull(m);
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals(name)) {
                return call;
            }
        }
        return null;
    }

    /**
     * The construction that goes to a split constructor's factory: an {@code invokedynamic} whose bootstrap
     * ({@code io.jgo.internal.Constructions}) falls back to the constructor when the class has no factory.
     */
    private static InvokeDynamicInsnNode factoryCall(MethodNode m) {
        assertNotNull(m);
        InvokeDynamicInsnNode found = null;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals(RuntimeNames.CONSTRUCTIONS)) {
                assertEquals(RuntimeNames.CONSTRUCTIONS_BOOTSTRAP, indy.bsm.getName());
                found = found == null ? indy : found;
            }
            if (insn instanceof MethodInsnNode call && call.name.equals("jgo$new")) {
                throw new AssertionError("a direct call of " + call.owner + ".jgo$new in " + m.name + m.desc
                        + ": it fails with NoSuchMethodError where the class is loaded without its split");
            }
        }
        return found;
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }
}
