package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/** The skip search finds the runtime's package name wherever it lies, and nothing else; bytes it cannot walk pass. */
class ByteScanTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void findsTheRuntimePackageAtAnyPosition() {
        ByteScan scan = new ByteScan();
        for (String s : new String[] {"io/jgo/", "io/jgo/X", "xio/jgo/", "abcdefghijLio/jgo/Goroutine;", "io/jgio/jgo/"}) {
            assertTrue(scan.mightSuspend(bytes(s)), s);
        }
    }

    @Test
    void ignoresNearMisses() {
        ByteScan scan = new ByteScan();
        for (String s : new String[] {"", "io/jg", "io/jgo", "io.jgo/", "oi/jgo/", "io/jgx/aaaaaaaaa", "jo/jgo/", "io/jgo"}) {
            assertFalse(scan.mightSuspend(bytes(s)), s);
        }
    }

    @Test
    void cutOffClassFilesAreLetThroughForTheFullParseToReport() {
        ByteScan scan = new ByteScan();
        scan.addDeclaring("app/Declaring");
        byte[] whole = plainClassFile();
        for (int length : new int[] {0, 5, 9, 10, 11, 20, whole.length / 2}) {
            assertTrue(scan.mightSuspend(java.util.Arrays.copyOf(whole, length)), "cut off after " + length + " bytes");
        }
    }

    /** A real class file that names nothing of the runtime and no known class; mostly constant pool. */
    private static byte[] plainClassFile() {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "app/Plain", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, "aLongNameThatTakesSpaceInTheConstantPool", "Ljava/lang/String;", null, null);
        cw.visitEnd();
        return cw.toByteArray();
    }
}
