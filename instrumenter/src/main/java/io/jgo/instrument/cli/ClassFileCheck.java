package io.jgo.instrument.cli;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Is an entry named {@code .class} a class file the rewrite can read at all? Reads its structure
 * (constant pool, fields, methods, attribute lengths, not the code), which finds an empty, cut-off
 * or foreign file before the rewrite would fail on it with an error that looks like its own bug.
 */
final class ClassFileCheck {

    private static final int MAGIC = 0xCAFEBABE;
    /** Newer class files are not parsed here: the rewrite refuses them itself, saying why. */
    private static final int NEWEST_MAJOR = Opcodes.V25 & 0xFFFF;

    private ClassFileCheck() {
    }

    /** Throws {@link MalformedClassException} saying what is wrong with {@code bytes}. */
    static void requireReadable(byte[] bytes) {
        if (bytes.length == 0) {
            throw new MalformedClassException("the file is empty");
        }
        if (bytes.length < 10 || readInt(bytes) != MAGIC) {
            throw new MalformedClassException(bytes.length < 4 || readInt(bytes) != MAGIC
                    ? "it does not start with the class-file magic number CAFEBABE"
                    : "it ends after " + bytes.length + " bytes, inside the class-file header");
        }
        int major = (bytes[6] & 0xFF) << 8 | (bytes[7] & 0xFF);
        if (major > NEWEST_MAJOR) {
            return;
        }
        try {
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) { },
                    ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            throw new MalformedClassException("it is truncated or corrupt (" + bytes.length + " bytes; reading it failed with " + e + ")");
        }
    }

    private static int readInt(byte[] b) {
        return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
    }
}
