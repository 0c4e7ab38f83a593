package io.jgo.instrument;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's {@link SimpleVerifier}, answering hierarchy questions from {@link ClassInfoCache} instead
 * of loading classes, and merging reference types with exactly the function the class writer uses
 * for its frames ({@link ClassInfoCache#commonSuperClass}), so that the types the rewrite casts
 * restored values to agree with the frames computed for the rewritten method.
 */
final class TypeInterpreter extends SimpleVerifier {

    private static final Type OBJECT = Type.getObjectType("java/lang/Object");
    private static final Type NULL = Type.getObjectType("null");

    private final ClassInfoCache classes;

    TypeInterpreter(ClassInfoCache classes, Type currentClass, Type superClass, List<Type> interfaces, boolean isInterface) {
        super(Opcodes.ASM9, currentClass, superClass, interfaces, isInterface);
        this.classes = classes;
    }

    /**
     * Runs {@code analyzer} (built on a TypeInterpreter) over {@code method}. A class missing from the
     * class path is rethrown as the {@link TypeNotPresentException} it is, so that it is reported as a
     * missing class rather than as bad bytecode.
     */
    static Frame<BasicValue>[] analyze(Analyzer<BasicValue> analyzer, String owner, MethodNode method)
            throws AnalyzerException {
        try {
            return analyzer.analyze(owner, method);
        } catch (AnalyzerException e) {
            if (e.getCause() instanceof TypeNotPresentException) {
                throw (TypeNotPresentException) e.getCause();
            }
            throw e;
        }
    }

    @Override
    protected boolean isInterface(Type type) {
        return classes.isInterface(type.getInternalName());
    }

    @Override
    protected Type getSuperClass(Type type) {
        ClassInfo info = classes.require(type.getInternalName());
        return info.superName == null ? null : Type.getObjectType(info.superName);
    }

    /** The JVM verifier's rule: anything is assignable to an interface type. */
    @Override
    protected boolean isAssignableFrom(Type type1, Type type2) {
        if (type1.equals(type2) || type1.equals(OBJECT) || type2.equals(NULL)) {
            return true;
        }
        if (type1.getSort() == Type.ARRAY) {
            if (type2.getSort() != Type.ARRAY) {
                return false;
            }
            Type e1 = elementOf(type1);
            Type e2 = elementOf(type2);
            if (e1.getSort() < Type.ARRAY || e2.getSort() < Type.ARRAY) {
                return e1.equals(e2);
            }
            return isAssignableFrom(e1, e2);
        }
        if (type2.getSort() == Type.ARRAY) {
            String n = type1.getInternalName();
            return n.equals("java/lang/Cloneable") || n.equals("java/io/Serializable");
        }
        if (type1.getSort() != Type.OBJECT || type2.getSort() != Type.OBJECT) {
            return false;
        }
        return isInterface(type1) || classes.isSubtype(type2.getInternalName(), type1.getInternalName());
    }

    @Override
    public BasicValue merge(BasicValue value1, BasicValue value2) {
        if (value1.equals(value2)) {
            return value1;
        }
        Type t1 = value1.getType();
        Type t2 = value2.getType();
        if (t1 == null || t2 == null || !value1.isReference() || !value2.isReference()) {
            return BasicValue.UNINITIALIZED_VALUE;
        }
        if (t1.equals(NULL)) {
            return value2;
        }
        if (t2.equals(NULL)) {
            return value1;
        }
        if (t1.getSort() == Type.ARRAY || t2.getSort() == Type.ARRAY) {
            return newValue(mergeArrays(t1, t2));
        }
        return newValue(Type.getObjectType(classes.commonSuperClass(t1.getInternalName(), t2.getInternalName())));
    }

    private Type mergeArrays(Type t1, Type t2) {
        if (t1.getSort() == Type.ARRAY && t2.getSort() == Type.ARRAY && t1.getDimensions() == t2.getDimensions()) {
            Type e1 = t1.getElementType();
            Type e2 = t2.getElementType();
            if (e1.getSort() == Type.OBJECT && e2.getSort() == Type.OBJECT) {
                String common = classes.commonSuperClass(e1.getInternalName(), e2.getInternalName());
                return Type.getType("[".repeat(t1.getDimensions()) + "L" + common + ";");
            }
        }
        return OBJECT;
    }

    private static Type elementOf(Type array) {
        return Type.getType(array.getDescriptor().substring(1));
    }
}
