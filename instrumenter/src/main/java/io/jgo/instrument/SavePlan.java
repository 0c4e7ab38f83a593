package io.jgo.instrument;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Which values a frame saves at one suspension point, their kinds and their slots in the record:
 * the live locals, then the operand-stack values below the call's arguments (bottom first).
 * Primitives share one {@code long} slot sequence, references another. A frame that can be
 * re-entered alone keeps its receiver in reference slot 0, live or not, for the resume entry to
 * call it on ({@link #RECEIVER_SLOT}).
 */
final class SavePlan {

    /** One saved value: a local ({@code var >= 0}) or an operand-stack entry ({@code var < 0}). */
    static final class Value {
        final int var;
        /** 'I', 'J', 'F', 'D', 'A' (a reference, cast to {@link #type} on restore) or 'N' (the null constant). */
        final char kind;
        final Type type;
        final int slot;

        Value(int var, char kind, Type type, int slot) {
            this.var = var;
            this.kind = kind;
            this.type = type;
            this.slot = slot;
        }

        int loadOpcode() {
            return type(kind).getOpcode(Opcodes.ILOAD);
        }

        int storeOpcode() {
            return type(kind).getOpcode(Opcodes.ISTORE);
        }
    }

    /** Reference slot of {@code this} in the records of an instance method that can be re-entered alone. */
    static final int RECEIVER_SLOT = 0;

    final List<Value> locals = new ArrayList<>();
    final List<Value> stack = new ArrayList<>();
    int prims;
    int refs;
    private boolean keepsReceiver;

    /** Saves local 0, {@code this}, of type {@code owner}, in {@link #RECEIVER_SLOT} (call before {@link #addLocals}). */
    void keepReceiver(Type owner) {
        locals.add(new Value(0, 'A', owner, refs++));
        keepsReceiver = true;
    }

    /** Adds the live locals of {@code frame} (a value the verifier cannot type is not readable, so not saved). */
    void addLocals(Frame<BasicValue> frame, BitSet live) {
        for (int v = live.nextSetBit(keepsReceiver ? 1 : 0); v >= 0 && v < frame.getLocals(); v = live.nextSetBit(v + 1)) {
            BasicValue value = frame.getLocal(v);
            char kind = kindOf(value);
            if (kind != 0) {
                locals.add(new Value(v, kind, value.getType(), nextSlot(kind)));
            }
        }
    }

    /** Adds a local of a known type (the spilled receiver of a call). */
    void addLocal(int var, BasicValue value) {
        char kind = kindOf(value);
        if (kind != 0) {
            locals.add(new Value(var, kind, value.getType(), nextSlot(kind)));
        }
    }

    /** Adds the operand-stack entries {@code [0, count)} of {@code frame}. Returns false if one cannot be saved. */
    boolean addStack(Frame<BasicValue> frame, int count) {
        for (int i = 0; i < count; i++) {
            BasicValue value = frame.getStack(i);
            char kind = kindOf(value);
            if (kind == 0) {
                return false;
            }
            stack.add(new Value(-1, kind, value.getType(), nextSlot(kind)));
        }
        return true;
    }

    private int nextSlot(char kind) {
        switch (kind) {
            case 'A':
                return refs++;
            case 'N':
                return -1;
            default:
                return prims++;
        }
    }

    private static char kindOf(BasicValue value) {
        if (value == null || value == BasicValue.UNINITIALIZED_VALUE || value.getType() == null) {
            return 0;
        }
        Type t = value.getType();
        switch (t.getSort()) {
            case Type.BOOLEAN:
            case Type.BYTE:
            case Type.CHAR:
            case Type.SHORT:
            case Type.INT:
                return 'I';
            case Type.LONG:
                return 'J';
            case Type.FLOAT:
                return 'F';
            case Type.DOUBLE:
                return 'D';
            case Type.ARRAY:
                return 'A';
            case Type.OBJECT:
                if (t.getInternalName().equals("null")) {
                    return 'N';
                }
                return value == BasicValue.RETURNADDRESS_VALUE ? 0 : 'A';
            default:
                return 0;
        }
    }

    static Type type(char kind) {
        switch (kind) {
            case 'I':
                return Type.INT_TYPE;
            case 'J':
                return Type.LONG_TYPE;
            case 'F':
                return Type.FLOAT_TYPE;
            case 'D':
                return Type.DOUBLE_TYPE;
            default:
                return Type.getObjectType("java/lang/Object");
        }
    }
}
