package io.jgo.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

/** A {@link ClassWriter} that computes frames from {@link ClassInfoCache}, never loading a class. */
final class HierarchyClassWriter extends ClassWriter {

    private final ClassInfoCache classes;

    HierarchyClassWriter(ClassReader reader, ClassInfoCache classes) {
        super(reader, ClassWriter.COMPUTE_FRAMES);
        this.classes = classes;
    }

    @Override
    protected String getCommonSuperClass(String type1, String type2) {
        return classes.commonSuperClass(type1, type2);
    }

    @Override
    protected ClassLoader getClassLoader() {
        throw new IllegalStateException("the rewrite must not load classes");
    }
}
