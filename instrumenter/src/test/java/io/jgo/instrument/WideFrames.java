package io.jgo.instrument;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Test helper: classes whose {@code @Goroutine} method {@code compute} has a wide frame across one
 * suspension point (the call {@code g(1)}): parameters, locals and operand-stack values of chosen
 * kinds, all live across the call and folded into the {@code long} result after it. Kinds are
 * descriptor letters: {@code I J F D} and {@code A} (a String).
 */
public final class WideFrames {

    private final String name;
    private boolean instance;
    private String params = "";
    private String locals = "";
    private int stackLongs;
    private int fillerBytes;

    private WideFrames(String name) {
        this.name = name;
    }

    public static WideFrames named(String name) {
        return new WideFrames(name);
    }

    /** {@code compute} is an instance method (its receiver is live too). */
    public WideFrames instance() {
        instance = true;
        return this;
    }

    public WideFrames params(String kinds) {
        params = kinds;
        return this;
    }

    public WideFrames locals(String kinds) {
        locals = kinds;
        return this;
    }

    /** {@code n} longs on the operand stack below the suspending call. */
    public WideFrames stackLongs(int n) {
        stackLongs = n;
        return this;
    }

    /** About {@code bytes} of straight-line arithmetic before the call, to bring the method near a code-size limit. */
    public WideFrames filler(int bytes) {
        fillerBytes = bytes;
        return this;
    }

    public static String repeat(String kind, int n) {
        return kind.repeat(n);
    }

    public String descriptor() {
        StringBuilder d = new StringBuilder("(");
        for (char k : params.toCharArray()) {
            d.append(type(k).getDescriptor());
        }
        return d.append(")J").toString();
    }

    public byte[] bytes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC | (instance ? 0 : Opcodes.ACC_STATIC), "compute", descriptor(), null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        Label start = new Label();
        m.visitLabel(start);
        m.visitLineNumber(10, start);
        int var = instance ? 1 : 0;
        int[] paramVars = new int[params.length()];
        for (int i = 0; i < params.length(); i++) {
            paramVars[i] = var;
            var += type(params.charAt(i)).getSize();
        }
        int[] localVars = new int[locals.length()];
        for (int i = 0; i < locals.length(); i++) {
            localVars[i] = var;
            push(m, locals.charAt(i), i);
            m.visitVarInsn(type(locals.charAt(i)).getOpcode(Opcodes.ISTORE), var);
            var += type(locals.charAt(i)).getSize();
        }
        int acc = var; // live across the call only with a filler
        if (fillerBytes > 0) {
            m.visitInsn(Opcodes.LCONST_0);
            m.visitVarInsn(Opcodes.LSTORE, acc);
        }
        for (int written = 0; written + 10 <= fillerBytes; written += 10) { // acc = acc * k + 1: 10 bytes each
            m.visitVarInsn(Opcodes.LLOAD, acc);
            m.visitLdcInsn(31L + written % 1000);
            m.visitInsn(Opcodes.LMUL);
            m.visitInsn(Opcodes.LCONST_1);
            m.visitInsn(Opcodes.LADD);
            m.visitVarInsn(Opcodes.LSTORE, acc);
        }
        for (int i = 0; i < stackLongs; i++) {
            m.visitLdcInsn(1_000_000L + i);
        }
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, name, "g", "(I)I", false);
        m.visitInsn(Opcodes.I2L);
        for (int i = 0; i < stackLongs; i++) {
            m.visitInsn(Opcodes.LADD);
        }
        if (fillerBytes > 0) {
            m.visitVarInsn(Opcodes.LLOAD, acc);
            m.visitInsn(Opcodes.LADD);
        }
        for (int i = 0; i < params.length(); i++) {
            fold(m, params.charAt(i), paramVars[i]);
        }
        for (int i = 0; i < locals.length(); i++) {
            fold(m, locals.charAt(i), localVars[i]);
        }
        if (instance) {
            m.visitVarInsn(Opcodes.ALOAD, 0);
            m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I", false);
            m.visitInsn(Opcodes.POP);
        }
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();

        identityGoroutine(cw);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Adds {@code @Goroutine static int g(int x) { return x; }}: a rewritten callee whose call site the rewrite must save around. */
    static void identityGoroutine(ClassWriter cw) {
        MethodVisitor g = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "g", "(I)I", null, null);
        g.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        g.visitCode();
        g.visitVarInsn(Opcodes.ILOAD, 0);
        g.visitInsn(Opcodes.IRETURN);
        g.visitMaxs(0, 0);
        g.visitEnd();
    }

    private static void push(MethodVisitor m, char kind, int i) {
        switch (kind) {
            case 'I' -> m.visitLdcInsn(1000 + i);
            case 'J' -> m.visitLdcInsn(5_000_000_000L + i);
            case 'F' -> m.visitLdcInsn(0.5f + i);
            case 'D' -> m.visitLdcInsn(0.25 + i);
            default -> m.visitLdcInsn("s" + i);
        }
    }

    /** {@code acc (on the stack) += (long) value}. */
    private static void fold(MethodVisitor m, char kind, int var) {
        m.visitVarInsn(type(kind).getOpcode(Opcodes.ILOAD), var);
        switch (kind) {
            case 'I' -> m.visitInsn(Opcodes.I2L);
            case 'F' -> m.visitInsn(Opcodes.F2L);
            case 'D' -> m.visitInsn(Opcodes.D2L);
            case 'A' -> {
                m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "length", "()I", false);
                m.visitInsn(Opcodes.I2L);
            }
            default -> { }
        }
        m.visitInsn(Opcodes.LADD);
    }

    private static Type type(char kind) {
        return kind == 'A' ? Type.getType(String.class) : Type.getType(String.valueOf(kind));
    }
}
