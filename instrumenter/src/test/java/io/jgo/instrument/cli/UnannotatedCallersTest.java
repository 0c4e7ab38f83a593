package io.jgo.instrument.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.RewriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A build-time run narrowed to {@code @Goroutine} methods ({@code --suspendable annotated-only})
 * names each method it leaves as written (not {@code @Goroutine}) that calls a suspending method,
 * with the line of the call and the fix, and counts them: on the CLI and on the path the Maven
 * plugin takes ({@link FolderRewrite}). Annotated methods, lambda bodies (rewritten without an
 * annotation) and calls that only might suspend (a {@code Runnable}, a class not found) are not
 * named. By default there is nothing to name: the unannotated caller is rewritten.
 */
class UnannotatedCallersTest {

    private static final String PAUSE_WARNING = "app.Helper.pause (Helper.java:7) is not @Goroutine but calls io.jgo.Go.sleep,"
            + " which suspends: annotate app.Helper.pause with @Goroutine, or it pins when called from a goroutine";

    @TempDir
    Path dir;

    @Test
    void theCliNamesTheUnannotatedCallerItsLineAndTheFixAndCountsIt() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/Helper.class", helper()));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out").toString(), "--verbose", "--suspendable", "annotated-only");
        assertEquals(Main.OK, run.status(), run.stderr());
        assertTrue(run.stderr().contains("jgo: warning: " + PAUSE_WARNING + "\n"), run.stderr());
        assertEquals(1, run.stderr().split("is not @Goroutine but calls", -1).length - 1, "one line, for pause only:\n" + run.stderr());
        assertTrue(run.stderr().contains("1 class files, 1 rewritten, 1 unannotated caller(s) of suspending methods"), run.stderr());
        assertTrue(run.stderr().contains("jgo-instrumenter: warning: 1 method(s) that are not @Goroutine call suspending methods"),
                run.stderr());
    }

    @Test
    void byDefaultTheCliRewritesTheUnannotatedCallerAndNamesNothing() throws IOException {
        Path in = Trees.folder(dir.resolve("classes"), Map.of("app/Helper.class", helper()));
        CliRun run = CliRun.of(in.toString(), dir.resolve("out").toString());
        assertEquals(Main.OK, run.status(), run.stderr());
        assertFalse(run.stderr().contains("is not @Goroutine"), run.stderr());
        String listed = java.nio.file.Files.readString(dir.resolve("out").resolve(io.jgo.instrument.SuspendablesFile.PATH));
        assertTrue(listed.contains("app/Helper.pause()V"), listed);
    }

    @Test
    void theFolderRewriteOfThePluginReportsThemApartFromOtherWarnings() throws IOException {
        Path classes = Trees.folder(dir.resolve("classes"), Map.of("app/Helper.class", helper()));
        FolderRewrite.Report report = new FolderRewrite(classes, List.of(), ClassBytes.of(null), true,
                RewriteOptions.fromSystemProperties()).rewrite(List.of("app/Helper.class"));
        assertEquals(List.of(PAUSE_WARNING), report.unannotatedCallers());
        assertFalse(report.warnings().stream().anyMatch(w -> w.contains("is not @Goroutine")), report.warnings().toString());
        assertEquals(List.of("app/Helper.class"), report.rewritten());
    }

    /**
     * In Java ({@code Helper.java}, the lines as numbered):
     * <pre>
     * 5  &#64;Goroutine static void ok() { Go.sleep(null); }            // annotated: rewritten, not named
     * 7  static void pause() { Go.sleep(null); Go.sleep(null); }      // named once, with its first call's line
     * 9  static void run(Runnable r) { r.run(); }                     // might suspend only: not named
     * 11 static void lib() { lib.Missing.work(); }                    // a class not found: not named
     * 13 private static synthetic void lambda$x$0() { Go.sleep(null); } // a lambda body: rewritten, not named
     * </pre>
     */
    private static byte[] helper() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/Helper", null, "java/lang/Object", null);
        cw.visitSource("Helper.java", null);
        MethodVisitor ok = method(cw, Opcodes.ACC_STATIC, "ok", "()V", 5, true);
        sleep(ok);
        end(ok);
        MethodVisitor pause = method(cw, Opcodes.ACC_STATIC, "pause", "()V", 7, false);
        sleep(pause);
        sleep(pause);
        end(pause);
        MethodVisitor run = method(cw, Opcodes.ACC_STATIC, "run", "(Ljava/lang/Runnable;)V", 9, false);
        run.visitVarInsn(Opcodes.ALOAD, 0);
        run.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/lang/Runnable", "run", "()V", true);
        end(run);
        MethodVisitor lib = method(cw, Opcodes.ACC_STATIC, "lib", "()V", 11, false);
        lib.visitMethodInsn(Opcodes.INVOKESTATIC, "lib/Missing", "work", "()V", false);
        end(lib);
        MethodVisitor lambda = method(cw, Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "lambda$x$0", "()V", 13, false);
        sleep(lambda);
        end(lambda);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static MethodVisitor method(ClassWriter cw, int access, String name, String desc, int line, boolean goroutine) {
        MethodVisitor m = cw.visitMethod(access, name, desc, null, null);
        if (goroutine) {
            m.visitAnnotation("Lio/jgo/Goroutine;", false).visitEnd();
        }
        m.visitCode();
        Label start = new Label();
        m.visitLabel(start);
        m.visitLineNumber(line, start);
        return m;
    }

    /** {@code Go.sleep((Duration) null)}: the rewrite only needs the call. */
    private static void sleep(MethodVisitor m) {
        m.visitInsn(Opcodes.ACONST_NULL);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "sleep", "(Ljava/time/Duration;)V", false);
    }

    private static void end(MethodVisitor m) {
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }
}
