package io.jgo.instrument;

import java.util.Collection;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The last step of the pipeline: is a class file the rewrite is about to hand back within the
 * JVM's structural limits (JVMS 4.11 and the format checks of 4.7.3-4.7.4)? A class outside them
 * would not load at all ({@code ClassFormatError}, {@code VerifyError}), which is worse than a
 * class left as it was, where suspending merely pins. So a class that fails here is reported (class,
 * method, descriptor, the limit, what to do) and used as it was.
 * <ul>
 *   <li>{@link #checkTree}, before writing: what ASM's class writer would truncate without a word
 *       (it writes {@code max_locals} and {@code max_stack} as two bytes).</li>
 *   <li>{@link #check}, after writing: re-reads the bytes the JVM will read: every method's
 *       parameter slots (255, with {@code this}), code length (65,535 bytes), that its
 *       {@code max_locals} holds its parameters, that its {@code StackMapTable} is well formed (every
 *       frame inside the code, within {@code max_locals} and {@code max_stack}, naming constant-pool
 *       entries that exist), and that every count ASM wrote agrees with the length of what it
 *       counts (a count that overflowed two bytes would not). The constant pool's own limit (65,535
 *       entries) is ASM's {@code ClassTooLargeException}, a code length over the limit its
 *       {@code MethodTooLargeException}: {@link Instrumenter} reports both in the same words.</li>
 * </ul>
 * That ASM could compute the frames at all is the writer not throwing; that they are right is the
 * optional data-flow verification ({@code verify}). Stateless; thread-safe.
 */
final class ClassLimits {

    /** Parameter slots of a method descriptor, {@code this} included (JVMS 4.3.3). */
    static final int MAX_PARAMETER_SLOTS = 255;
    /** Bytes of bytecode in one method ({@code code_length < 65536}, JVMS 4.7.3). */
    static final int MAX_CODE_LENGTH = 65535;
    /** {@code max_locals}, {@code max_stack} and the entries of the constant pool: two-byte counts. */
    static final int MAX_U2 = 65535;
    /**
     * Operand-stack slots the rewrite may add to a method's own: a save helper's arguments
     * ({@link Helpers#VALUE_SLOTS} and the four after them) on top of the frame's stack, and a few
     * for the handshakes. ASM computes the new {@code max_stack} but would write it truncated.
     */
    static final int REWRITE_STACK_MARGIN = MAX_PARAMETER_SLOTS + 8;

    private static final String WHAT_TO_DO_METHOD = "split the method, or move its suspension points and the values"
            + " live across them into smaller methods";

    private ClassLimits() {
    }

    /**
     * Before writing: the limits that the class writer would break silently. {@code rewritten} are
     * the methods whose code the rewrite changed (their {@code maxStack} is still the original's).
     */
    static void checkTree(ClassNode cn, Collection<MethodNode> rewritten) {
        for (MethodNode m : cn.methods) {
            if (m.maxLocals > MAX_U2) {
                throw limit(cn.name, m.name, m.desc, "it would need " + m.maxLocals + " local-variable slots, over the JVM's"
                        + " limit of " + MAX_U2 + " (max_locals)", Map.of());
            }
        }
        for (MethodNode m : rewritten) {
            if (m.maxStack + REWRITE_STACK_MARGIN > MAX_U2) {
                throw limit(cn.name, m.name, m.desc, "its operand stack is already " + m.maxStack + " slots deep and the"
                        + " rewrite adds up to " + REWRITE_STACK_MARGIN + ", over the JVM's limit of " + MAX_U2 + " (max_stack)",
                        Map.of());
            }
        }
    }

    /**
     * After writing: throws {@link InstrumentationException} naming the first limit {@code classFile}
     * breaks. {@code madeFor} names, for each save helper, the method it was made for (the one to blame).
     */
    static void check(byte[] classFile, Map<String, MethodNode> madeFor) {
        ClassReader reader = new ClassReader(classFile);
        String className = reader.getClassName();
        try {
            new Walk(reader, classFile.length, madeFor).run();
        } catch (InstrumentationException e) {
            throw e;
        } catch (RuntimeException e) { // a read past the end: a count or a length ASM wrote does not fit
            throw new InstrumentationException(className, null, null, 0,
                    "the rewritten class file would be malformed (" + e + "): a count past " + MAX_U2
                            + " or a bug in the rewrite; to have it rewritten, split the class, and if that does not help, report it");
        }
    }

    /**
     * The report for method {@code method} outside a limit ({@code what}). A generated method is
     * blamed on the method it was made for ({@code madeFor}); one made for the whole class (the
     * resume entry) on the class.
     */
    static InstrumentationException limit(String className, String method, String descriptor, String what,
                                          Map<String, MethodNode> madeFor) {
        if (!method.startsWith("$jgo$")) {
            return new InstrumentationException(className, method, descriptor, 0, what + "; to have it rewritten, " + WHAT_TO_DO_METHOD);
        }
        MethodNode origin = madeFor.get(method);
        String generated = "the rewrite's generated method " + method + descriptor + (origin == null ? "" : ", made for it,") + " ";
        if (origin != null) {
            return new InstrumentationException(className, origin.name, origin.desc, 0, generated + what
                    + "; to have it rewritten, " + WHAT_TO_DO_METHOD);
        }
        return new InstrumentationException(className, method, descriptor, 0, generated + what
                + "; to have it rewritten, split the class (or move some of its @Goroutine methods to another)");
    }

    /** What a method of {@code codeLength} bytes of bytecode breaks (also said for ASM's {@code MethodTooLargeException}). */
    static String codeSize(long codeLength) {
        return "its rewritten code would be " + codeLength + " bytes of bytecode, over the JVM's limit of "
                + MAX_CODE_LENGTH + " per method (64 KiB)";
    }

    /** What a class needing {@code entries} constant-pool entries breaks (ASM's {@code ClassTooLargeException}). */
    static String constantPool(int entries) {
        return "the rewritten class would need " + entries + " constant-pool entries, over the JVM's limit of " + MAX_U2;
    }

    /** Parameter slots of {@code descriptor}, with {@code this} unless static (what the JVM counts against 255). */
    static int parameterSlots(String descriptor, boolean isStatic) {
        return (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - (isStatic ? 1 : 0);
    }

    /** One pass over the class file's structure, in the order of JVMS 4.1. */
    private static final class Walk {

        private final ClassReader in;
        private final int end;
        private final char[] chars;
        private final String className;
        private final int constants;

        private final Map<String, MethodNode> madeFor;

        Walk(ClassReader in, int end, Map<String, MethodNode> madeFor) {
            this.in = in;
            this.madeFor = madeFor;
            this.end = end;
            this.chars = new char[in.getMaxStringLength()];
            this.className = in.getClassName();
            this.constants = in.getItemCount();
        }

        void run() {
            int p = in.header + 6; // access_flags, this_class, super_class
            p += 2 + 2 * u2(p); // interfaces
            int fields = u2(p);
            p += 2;
            for (int i = 0; i < fields; i++) {
                p = skipAttributes(p + 6);
            }
            int methods = u2(p);
            p += 2;
            for (int i = 0; i < methods; i++) {
                p = method(p);
            }
            p = skipAttributes(p);
            if (p != end) {
                throw malformed(null, null, "the class file has " + (end - p) + " bytes after its last attribute");
            }
        }

        /** One method_info at {@code p}; answers where the next one starts. */
        private int method(int p) {
            int access = u2(p);
            String name = in.readUTF8(p + 2, chars);
            String desc = in.readUTF8(p + 4, chars);
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            int parameters = parameterSlots(desc, isStatic);
            if (parameters > MAX_PARAMETER_SLOTS) {
                throw limit(className, name, desc, "its descriptor would take " + parameters + " parameter slots"
                        + (isStatic ? "" : " with this") + ", over the JVM's limit of " + MAX_PARAMETER_SLOTS, madeFor);
            }
            int attributes = u2(p + 6);
            p += 8;
            for (int i = 0; i < attributes; i++) {
                String attribute = in.readUTF8(p, chars);
                int length = in.readInt(p + 2);
                if (attribute.equals("Code")) {
                    code(name, desc, parameters, p + 6, length);
                }
                p += 6 + length;
            }
            return p;
        }

        /** A Code attribute whose content starts at {@code p} and is {@code length} bytes long. */
        private void code(String method, String desc, int parameters, int p, int length) {
            int maxStack = u2(p);
            int maxLocals = u2(p + 2);
            long codeLength = in.readInt(p + 4) & 0xFFFFFFFFL;
            if (codeLength == 0 || codeLength > MAX_CODE_LENGTH) {
                throw limit(className, method, desc, codeLength == 0 ? "its code would be empty"
                        : codeSize(codeLength), madeFor);
            }
            if (maxLocals < parameters) {
                throw malformed(method, desc, "max_locals " + maxLocals + " cannot hold its " + parameters + " parameter slots");
            }
            int q = p + 8 + (int) codeLength;
            q += 2 + 8 * u2(q); // exception_table
            int attributes = u2(q);
            q += 2;
            for (int i = 0; i < attributes; i++) {
                String attribute = in.readUTF8(q, chars);
                int attributeLength = in.readInt(q + 2);
                int content = q + 6;
                switch (attribute) {
                    case "StackMapTable":
                        stackMap(method, desc, content, attributeLength, (int) codeLength, maxLocals, maxStack);
                        break;
                    case "LineNumberTable":
                        counted(method, desc, attribute, content, attributeLength, 4);
                        break;
                    case "LocalVariableTable":
                    case "LocalVariableTypeTable":
                        counted(method, desc, attribute, content, attributeLength, 10);
                        break;
                    default:
                        break;
                }
                q = content + attributeLength;
            }
            if (q != p + length) {
                throw malformed(method, desc, "its Code attribute's parts take " + (q - p) + " bytes, not the " + length + " it says");
            }
        }

        /**
         * A table of {@code u2 count; entry[count]} of {@code entrySize} bytes each, filling its
         * attribute: a table of more than 65,535 entries (the rewrite adds line numbers) is written
         * with its count cut to two bytes, and the JVM rejects the method.
         */
        private void counted(String method, String desc, String attribute, int p, int length, int entrySize) {
            int entries = (length - 2) / entrySize;
            if (entries > MAX_U2) {
                throw limit(className, method, desc, "its " + attribute + " would have " + entries
                        + " entries, over the class file's limit of " + MAX_U2, madeFor);
            }
            if (2 + entrySize * u2(p) != length) {
                throw malformed(method, desc, "its " + attribute + " counts " + u2(p) + " entries in " + length + " bytes");
            }
        }

        /** A StackMapTable (JVMS 4.7.4): every frame inside the code and within the method's maxima. */
        private void stackMap(String method, String desc, int p, int length, int codeLength, int maxLocals, int maxStack) {
            int frames = u2(p);
            int q = p + 2;
            int offset = -1;
            for (int i = 0; i < frames; i++) {
                int type = in.readByte(q++);
                int delta;
                if (type < 64) {
                    delta = type;
                } else if (type < 128) {
                    delta = type - 64;
                    q = verificationType(method, desc, q, codeLength);
                } else if (type < 247) {
                    throw malformed(method, desc, "its StackMapTable has a frame of the reserved type " + type);
                } else {
                    delta = u2(q);
                    q += 2;
                    if (type == 247) {
                        q = verificationType(method, desc, q, codeLength);
                    } else if (type >= 252 && type <= 254) {
                        for (int k = 0; k < type - 251; k++) {
                            q = verificationType(method, desc, q, codeLength);
                        }
                    } else if (type == 255) {
                        q = fullFrame(method, desc, q, codeLength, maxLocals, maxStack);
                    }
                }
                offset += delta + 1;
                if (offset >= codeLength) {
                    throw malformed(method, desc, "its StackMapTable has a frame at offset " + offset
                            + ", past the end of its " + codeLength + " bytes of code");
                }
            }
            if (q != p + length) {
                throw malformed(method, desc, "its StackMapTable's frames take " + (q - p) + " bytes, not the " + length + " it says");
            }
        }

        private int fullFrame(String method, String desc, int q, int codeLength, int maxLocals, int maxStack) {
            int locals = u2(q);
            q += 2;
            int localSlots = 0;
            for (int k = 0; k < locals; k++) {
                localSlots += in.readByte(q) == Opcodes.LONG || in.readByte(q) == Opcodes.DOUBLE ? 2 : 1;
                q = verificationType(method, desc, q, codeLength);
            }
            int stack = u2(q);
            q += 2;
            int stackSlots = 0;
            for (int k = 0; k < stack; k++) {
                stackSlots += in.readByte(q) == Opcodes.LONG || in.readByte(q) == Opcodes.DOUBLE ? 2 : 1;
                q = verificationType(method, desc, q, codeLength);
            }
            if (localSlots > maxLocals || stackSlots > maxStack) {
                throw malformed(method, desc, "a frame of its StackMapTable has " + localSlots + " local and " + stackSlots
                        + " stack slots, over its max_locals " + maxLocals + " or max_stack " + maxStack);
            }
            return q;
        }

        /** One verification_type_info at {@code q}; answers where the next one starts. */
        private int verificationType(String method, String desc, int q, int codeLength) {
            int tag = in.readByte(q);
            if (tag <= 6) {
                return q + 1;
            }
            int operand = u2(q + 1);
            if (tag == 7 && (operand == 0 || operand >= constants)
                    || tag == 8 && operand >= codeLength || tag > 8) {
                throw malformed(method, desc, "its StackMapTable has a bad verification type (tag " + tag + ", " + operand + ")");
            }
            return q + 3;
        }

        /** Skips the attributes at {@code p} (count first); answers where they end. */
        private int skipAttributes(int p) {
            int attributes = u2(p);
            p += 2;
            for (int i = 0; i < attributes; i++) {
                p += 6 + in.readInt(p + 2);
            }
            return p;
        }

        private int u2(int p) {
            if (p + 2 > end) {
                throw new IndexOutOfBoundsException("read at " + p + " past the end, " + end);
            }
            return in.readUnsignedShort(p);
        }

        private InstrumentationException malformed(String method, String desc, String what) {
            return new InstrumentationException(className, method, method == null ? null : desc, 0,
                    "the rewritten class file would be malformed: " + what + " (a count past " + MAX_U2
                            + " or a bug in the rewrite); to have it rewritten, " + WHAT_TO_DO_METHOD + ", and if that does not help, report it");
        }
    }
}
