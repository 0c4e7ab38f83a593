package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the command says, and with what exit status, when the input is not what it should be:
 * broken class files, I/O errors, classes it cannot find.
 */
class ReportsTest {

    @TempDir
    Path dir;

    @Test
    void emptyAndTruncatedClassFilesAreNamedAndCopiedUnchanged() throws IOException {
        byte[] whole = SuspendingClass.bytes();
        byte[] half = Arrays.copyOf(whole, whole.length / 2);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("a/Empty.class", new byte[0]);
        files.put("a/Half.class", half);
        files.put(SuspendingClass.NAME + ".class", whole);
        Path in = Trees.jar(dir.resolve("app.jar"), files);
        Path out = dir.resolve("out.jar");
        CliRun run = CliRun.of(in.toString(), out.toString(), "--verbose");
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("jgo: warning: a/Empty.class is not a readable class file: the file is empty"), run.stderr());
        assertTrue(run.stderr().contains("jgo: warning: a/Half.class is not a readable class file: it is truncated or corrupt"), run.stderr());
        assertFalse(run.stderr().contains("internal error"), run.stderr());
        assertFalse(run.stderr().contains("\tat "), "no stack trace: " + run.stderr());
        assertTrue(run.stderr().contains("3 class files, 1 rewritten, 2 not readable"), run.stderr());
        Map<String, byte[]> written = Trees.readJar(out);
        assertArrayEquals(new byte[0], written.get("a/Empty.class"));
        assertArrayEquals(half, written.get("a/Half.class"));
    }

    @Test
    void anIoErrorNamesItsTypeItsMessageAndThePath() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("a.txt", Trees.bytes("a")));
        Path dangling = Files.createSymbolicLink(in.resolve("b.txt"), dir.resolve("nowhere"));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out.jar").toString());
        assertEquals(Main.FAILED, run.status(), run.stderr());
        assertTrue(run.stderr().contains("failed: java.nio.file.NoSuchFileException: " + dangling), run.stderr());
        assertFalse(run.stderr().contains("null"), run.stderr());
    }

    @Test
    void anOutWhoseFolderCannotBeCreatedNamesThePathAndTheError() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("a.txt", Trees.bytes("a")));
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        CliRun run = CliRun.of(in.toString(), file.resolve("sub/out.jar").toString());
        assertEquals(Main.FAILED, run.status(), run.stderr());
        assertTrue(run.stderr().contains("failed: cannot create the folder " + file.resolve("sub") + " for OUT: java.nio.file."),
                run.stderr());
    }

    @Test
    void anExceptionWithoutMessageIsPrintedWithItsType() {
        assertEquals("cannot read entry a/B.class of app.jar: java.io.EOFException",
                new IOFailure("cannot read entry a/B.class of app.jar", new java.io.EOFException()).toString());
    }

    @Test
    void theRuntimesPrimitivesAreKnownWithoutClasspath() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/Yields.class", goroutineCalling("app/Yields", "io/jgo/Go", "gosched")));
        Path out = dir.resolve("out");
        CliRun run = CliRun.of(in.toString(), out.toString(), "--verbose", "--verify");
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("1 class files, 1 rewritten"), run.stderr());
        assertFalse(run.stderr().contains("not found"), run.stderr());
    }

    @Test
    void callsIntoClassesNotFoundAreRewrittenAndTheClassesListedInOneWarning() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/CallsLib.class", goroutineCalling("app/CallsLib", "lib/Util", "work")));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out").toString(), "--verbose", "--verify");
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("1 class files, 1 rewritten"), run.stderr());
        assertTrue(run.stderr().contains("warning: 1 class(es) named by the rewritten code were not found in IN, --classpath or the JDK: lib.Util;"),
                run.stderr());
        assertTrue(run.stderr().contains("--classpath to rewrite exactly"), run.stderr());
    }

    @Test
    void aClassThatNeedsAMissingClassFailsTheRunNamingItAndClasspath() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/Chooses.class", choosingBetweenMissingTypes()));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out").toString());
        assertEquals(Main.FAILED, run.status(), run.stderr());
        assertTrue(run.stderr().matches("(?s).*class lib\\.[AB] is not on the class path.*"), run.stderr());
        assertTrue(run.stderr().matches("(?s).*add the jar or folder that holds lib\\.[AB] to --classpath.*"), run.stderr());
        assertTrue(run.stderr().contains("1 class(es) were copied unchanged because classes they need were not found"), run.stderr());
    }

    @Test
    void theSameClassRewritesWhenClasspathSuppliesWhatWasMissing() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/Chooses.class", choosingBetweenMissingTypes()));
        Path lib = Trees.folder(dir.resolve("lib"), Map.of("lib/A.class", emptyClass("lib/A"), "lib/B.class", emptyClass("lib/B")));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out").toString(), "--verbose", "--classpath", lib.toString());
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("1 class files, 1 rewritten"), run.stderr());
    }

    /** The scan learns declaring classes as it meets them; a class met before its callee's was skipped. */
    @Test
    void aLambdaCallingAGoroutineMethodOfALaterEntryIsRewrittenToo() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("a/First.class", lambdaCalling("a/First", "z/Last", "f"));
        files.put("z/Last.class", goroutineCalling("z/Last", "io/jgo/Go", "gosched"));
        for (Path in : new Path[] {Trees.folder(dir.resolve("classes"), files), Trees.jar(dir.resolve("app.jar"), files)}) {
            CliRun run = CliRun.of(in.toString(), dir.resolve("out-" + in.getFileName()).toString(), "--verbose", "--verify");
            assertEquals(Main.OK, run.status(), run.stderr());
            assertTrue(run.stderr().contains("jgo: rewrote a/First.class"), run.stderr());
            assertTrue(run.stderr().contains("2 class files, 2 rewritten"), run.stderr());
        }
    }

    /** A class that names nothing of the runtime: {@code private static synthetic void lambda$task$0() { owner.method(); }} */
    private static byte[] lambdaCalling(String name, String owner, String method) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "lambda$task$0", "()V", null, null);
        m.visitCode();
        m.visitMethodInsn(Opcodes.INVOKESTATIC, owner, method, "()V", false);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code @Goroutine static void f() { owner.name(); }} */
    private static byte[] goroutineCalling(String name, String owner, String method) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor f = goroutine(cw, "f", "()V");
        f.visitMethodInsn(Opcodes.INVOKESTATIC, owner, method, "()V", false);
        f.visitInsn(Opcodes.RETURN);
        f.visitMaxs(0, 0);
        f.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** {@code @Goroutine static Object f(boolean c, lib.A a, lib.B b) { Object o = c ? a : b; Go.gosched(); return o; }} */
    private static byte[] choosingBetweenMissingTypes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/Chooses", null, "java/lang/Object", null);
        MethodVisitor m = goroutine(cw, "f", "(ZLlib/A;Llib/B;)Ljava/lang/Object;");
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

    private static byte[] emptyClass(String name) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static MethodVisitor goroutine(ClassWriter cw, String name, String descriptor) {
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, name, descriptor, null, null);
        m.visitAnnotation("Lio/jgo/Goroutine;", false).visitEnd();
        m.visitCode();
        return m;
    }
}
