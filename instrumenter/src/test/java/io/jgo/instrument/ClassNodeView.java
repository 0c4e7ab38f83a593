package io.jgo.instrument;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

/** Test helper: a method's bytecode as text, to compare before and after the rewrite. */
final class ClassNodeView {

    private final ClassNode node = new ClassNode();

    private ClassNodeView(byte[] bytes) {
        new ClassReader(bytes).accept(node, ClassReader.SKIP_FRAMES);
    }

    static ClassNodeView of(byte[] bytes) {
        return new ClassNodeView(bytes);
    }

    String codeOf(String name, String descriptor) {
        for (MethodNode m : node.methods) {
            if (m.name.equals(name) && m.desc.equals(descriptor)) {
                Textifier text = new Textifier();
                m.accept(new TraceMethodVisitor(text));
                StringWriter out = new StringWriter();
                text.print(new PrintWriter(out));
                return out.toString();
            }
        }
        throw new AssertionError("no method " + name + descriptor);
    }
}
