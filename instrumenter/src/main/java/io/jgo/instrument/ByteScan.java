package io.jgo.instrument;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.objectweb.asm.ClassReader;


/**
 * The cheap test run on every class the agent sees: can this class hold a suspension point? Yes
 * when its constant pool names the runtime ({@code io/jgo/}, which covers the annotation) or a
 * class already known to declare {@code @Goroutine} methods. A class that passes is parsed fully;
 * the others (nearly all of a large application) cost one pass over their bytes.
 */
final class ByteScan {

    private static final int CONSTANT_CLASS = 7;
    private static final byte[] RUNTIME = RuntimeNames.RUNTIME_PACKAGE.getBytes(StandardCharsets.UTF_8);

    private ByteScan() {
    }

    static boolean mightSuspend(byte[] classFile, Set<String> knownDeclaring) {
        if (contains(classFile, RUNTIME)) {
            return true;
        }
        if (knownDeclaring.isEmpty()) {
            return false;
        }
        ClassReader reader = new ClassReader(classFile);
        char[] buffer = new char[reader.getMaxStringLength()];
        for (int i = 1; i < reader.getItemCount(); i++) {
            int offset = reader.getItem(i);
            if (offset > 0 && classFile[offset - 1] == CONSTANT_CLASS
                    && knownDeclaring.contains(reader.readUTF8(offset, buffer))) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        byte first = needle[0];
        outer:
        for (int i = 0, last = haystack.length - needle.length; i <= last; i++) {
            if (haystack[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
