package io.jgo.instrument;

import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/** The primitive wrapper classes, and the code that pushes a boxed zero of each (a cached box: no allocation). */
final class Wrappers {

    /** Wrapper internal name -> descriptor of the primitive its {@code valueOf} takes. */
    private static final Map<String, String> PRIMITIVE = Map.of(
            "java/lang/Integer", "I", "java/lang/Long", "J", "java/lang/Short", "S", "java/lang/Byte", "B",
            "java/lang/Character", "C", "java/lang/Boolean", "Z", "java/lang/Float", "F", "java/lang/Double", "D");

    private Wrappers() {
    }

    static boolean isWrapper(String internalName) {
        return PRIMITIVE.containsKey(internalName);
    }

    /** {@code Wrapper.valueOf(zero)} for the wrapper class {@code internalName}. */
    static InsnList boxedZero(String internalName) {
        String primitive = PRIMITIVE.get(internalName);
        InsnList code = new InsnList();
        switch (primitive) {
            case "J":
                code.add(new InsnNode(Opcodes.LCONST_0));
                break;
            case "F":
                code.add(new InsnNode(Opcodes.FCONST_0));
                break;
            case "D":
                code.add(new InsnNode(Opcodes.DCONST_0));
                break;
            default:
                code.add(new InsnNode(Opcodes.ICONST_0));
        }
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, internalName, "valueOf",
                "(" + primitive + ")L" + internalName + ";", false));
        return code;
    }
}
