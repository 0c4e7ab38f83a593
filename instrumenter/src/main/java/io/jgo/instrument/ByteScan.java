package io.jgo.instrument;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cheap test run on every class the agent sees: can this class hold a suspension point? Yes
 * when it names the runtime ({@code io/jgo/}, which covers the annotation and every primitive) or a
 * class already known to declare {@code @Goroutine} methods. A class that passes is parsed fully;
 * the others (nearly all of a large application) cost one pass over their bytes, without
 * allocating: the constant pool's UTF-8 entries are hashed in place and looked up in a sorted
 * array of the known names' hashes (a collision only costs a full parse).
 *
 * <p>Thread-safe: the known-name hashes are an immutable array replaced on update (copy on write;
 * updates are rare, one per class that declares suspendables).
 */
final class ByteScan {

    private static final byte[] RUNTIME = RuntimeNames.RUNTIME_PACKAGE.getBytes(StandardCharsets.UTF_8);

    /** Sorted FNV-1a hashes of the internal names of classes known to declare suspendables. */
    private volatile long[] known = new long[0];

    /** Remembers a class that declares {@code @Goroutine} methods. Runtime names need no entry: they match {@code io/jgo/}. */
    synchronized void addDeclaring(String internalName) {
        if (internalName.startsWith(RuntimeNames.RUNTIME_PACKAGE)) {
            return;
        }
        long h = hash(internalName.getBytes(StandardCharsets.UTF_8), 0, internalName.length());
        long[] k = known;
        if (Arrays.binarySearch(k, h) >= 0) {
            return;
        }
        long[] next = Arrays.copyOf(k, k.length + 1);
        next[k.length] = h;
        Arrays.sort(next);
        known = next; // volatile write: publishes the filled array
    }

    boolean mightSuspend(byte[] classFile) {
        if (contains(classFile, RUNTIME)) {
            return true;
        }
        long[] k = known; // volatile read, pairs with the write in addDeclaring
        return k.length > 0 && namesAnyOf(classFile, k);
    }

    /** One pass over the constant pool, hashing each UTF-8 entry where it lies. */
    private static boolean namesAnyOf(byte[] b, long[] known) {
        if (b.length < 10) {
            return true; // shorter than a class-file header: let the full parse decide (and report)
        }
        int count = u2(b, 8);
        int off = 10;
        for (int i = 1; i < count; i++) {
            if (off + 3 > b.length) {
                return true; // cut off inside the constant pool: let the full parse decide (and report)
            }
            int tag = b[off] & 0xFF;
            switch (tag) {
                case 1: { // Utf8
                    int len = u2(b, off + 1);
                    if (off + 3 + len > b.length) {
                        return true;
                    }
                    if (Arrays.binarySearch(known, hash(b, off + 3, len)) >= 0) {
                        return true;
                    }
                    off += 3 + len;
                    break;
                }
                case 3: case 4: // Integer, Float
                case 9: case 10: case 11: case 12: // Fieldref, Methodref, InterfaceMethodref, NameAndType
                case 17: case 18: // Dynamic, InvokeDynamic
                    off += 5;
                    break;
                case 5: case 6: // Long, Double take two entries
                    off += 9;
                    i++;
                    break;
                case 7: case 8: case 16: case 19: case 20: // Class, String, MethodType, Module, Package
                    off += 3;
                    break;
                case 15: // MethodHandle
                    off += 4;
                    break;
                default:
                    return true; // unknown constant: let the full parse decide (and report)
            }
        }
        return false;
    }

    private static int u2(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    /** 64-bit FNV-1a over {@code len} bytes (the modified UTF-8 of a class name is its ASCII/UTF-8 form). */
    private static long hash(byte[] b, int off, int len) {
        long h = 0xcbf29ce484222325L;
        for (int i = off, end = off + len; i < end; i++) {
            h ^= b[i] & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** Horspool's skip for each byte value: how far the needle may slide when that byte ends the window. */
    private static final int[] SKIP = new int[256];

    static {
        java.util.Arrays.fill(SKIP, RUNTIME.length);
        for (int i = 0; i < RUNTIME.length - 1; i++) {
            SKIP[RUNTIME[i] & 0xFF] = RUNTIME.length - 1 - i;
        }
    }

    /** Boyer-Moore-Horspool search for {@link #RUNTIME}: most windows are skipped a needle length at a time. */
    private static boolean contains(byte[] haystack, byte[] needle) {
        int n = needle.length;
        int last = n - 1;
        for (int i = 0; i <= haystack.length - n; i += SKIP[haystack[i + last] & 0xFF]) {
            int j = last;
            while (haystack[i + j] == needle[j]) {
                if (j-- == 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
