package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The build check of the leaf seam, on the runtime's class files as the build left them (the API
 * classes rewritten by {@code rewrite-api}):
 * <ul>
 * <li>every {@code @Goroutine} method of an API class that is not marked {@code @Leaf} and has a
 *     suspension point was rewritten (its prologue takes the call-site handshake): the rewrite no
 *     longer skips a class, and a method meant to be rewritten that was left as written would pin
 *     every goroutine that suspends through it;</li>
 * <li>no method of the runtime speaks the leaf protocol by hand: outside the continuation machinery
 *     ({@code io.jgo.internal.cont}, {@code Stack}) only rewritten methods take the handshake, and
 *     only {@code LeafPark} suspends or resumes a leaf;</li>
 * <li>every {@code @Leaf} method is a {@code @Goroutine} method that parks through
 *     {@code LeafPark.$jgo$park}, and is left as written.</li>
 * </ul>
 */
class LeafProtocolTest {

    private static final String CONT = "io/jgo/internal/cont/";
    /** Methods of the stack that only the continuation machinery may call: a leaf's suspension and resume, a hand-written frame's unwind. */
    private static final List<String> MACHINERY_ONLY = List.of("suspendLeaf", "resumeLeaf", "isResuming", "mayUnwind");
    private static final String STACK_ACCESS = CONT + "StackAccess";
    /** {@code StackAccess}'s doors for a hand-written leaf or middle frame (g0's, such as {@code endUnwind}, are the scheduler's). */
    private static final List<String> HAND_FRAMES = List.of("suspendLeaf", "resumeLeaf", "pushFrame", "pinAfterSave");

    private final Suspendables suspendables = new Suspendables(
            new ClassInfoCache(ClassBytes.of(Go.class.getClassLoader()), new ByteScan()), false);

    @Test
    void everyUnmarkedGoroutineMethodOfTheApiThatCanSuspendIsRewritten() throws Exception {
        List<String> leftAsWritten = new ArrayList<>();
        int rewritten = 0;
        for (String name : runtimeClassNames()) {
            if (!isApiClass(name)) {
                continue;
            }
            ClassNode cn = read(name);
            for (MethodNode m : cn.methods) {
                if (!has(m, RuntimeNames.GOROUTINE_DESC) || has(m, RuntimeNames.LEAF_DESC) || (m.access & Opcodes.ACC_ABSTRACT) != 0
                        || !callsSuspensionPoint(m)) {
                    continue;
                }
                if (takesHandshake(m)) {
                    rewritten++;
                } else {
                    leftAsWritten.add(name + "." + m.name + m.desc);
                }
            }
        }
        assertEquals(List.of(), leftAsWritten, "@Goroutine methods of the runtime's API the build left unrewritten:"
                + " mark a leaf @io.jgo.internal.cont.Leaf, or find why rewrite-api skipped them");
        assertTrue(rewritten >= 20, "Select.select, Mutex.lock, WaitGroup.await, GoFuture.run... at least; found " + rewritten);
    }

    @Test
    void onlyLeafParkSpeaksTheLeafProtocol() throws Exception {
        List<String> byHand = new ArrayList<>();
        for (String name : runtimeClassNames()) {
            if (name.startsWith(CONT) || name.equals(RuntimeNames.STACK)) {
                continue; // the machinery itself
            }
            ClassNode cn = read(name);
            boolean rewrittenClass = has(cn.invisibleAnnotations, RuntimeNames.REWRITTEN_DESC);
            for (MethodNode m : cn.methods) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (!(insn instanceof MethodInsnNode)) {
                        continue;
                    }
                    MethodInsnNode call = (MethodInsnNode) insn;
                    boolean handshake = call.name.equals(RuntimeNames.TAKE_CALL_SITE);
                    boolean machinery = call.owner.equals(STACK_ACCESS) && HAND_FRAMES.contains(call.name)
                            || MACHINERY_ONLY.contains(call.name) && (call.owner.startsWith(CONT) || call.owner.equals(RuntimeNames.STACK));
                    if (machinery || handshake && (!rewrittenClass || has(m, RuntimeNames.LEAF_DESC))) {
                        byHand.add(name + "." + m.name + m.desc + " calls " + call.owner + "." + call.name);
                    }
                }
            }
        }
        assertEquals(List.of(), byHand, "code that speaks the leaf protocol by hand: park through cont.LeafPark instead");
    }

    @Test
    void everyLeafIsAGoroutineMethodThatParksThroughLeafPark() throws Exception {
        List<String> wrong = new ArrayList<>();
        int leaves = 0;
        for (String name : runtimeClassNames()) {
            for (MethodNode m : read(name).methods) {
                if (!has(m, RuntimeNames.LEAF_DESC)) {
                    continue;
                }
                leaves++;
                if (!has(m, RuntimeNames.GOROUTINE_DESC) || !callsLeafPark(m) || takesHandshake(m)) {
                    wrong.add(name + "." + m.name + m.desc);
                }
            }
        }
        assertEquals(List.of(), wrong, "@Leaf methods must be @Goroutine, call LeafPark.$jgo$park and be left as written");
        assertTrue(leaves >= 30, "Chan, Go, WaitList, SelectLeaf, Futures, ChannelCalls, io.jgo.net...; found " + leaves);
    }

    private boolean callsSuspensionPoint(MethodNode m) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode c = (MethodInsnNode) insn;
                if (!c.owner.equals(RuntimeNames.STACK) && suspendables.isSuspensionPoint(c.owner, c.name, c.desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean takesHandshake(MethodNode m) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode && ((MethodInsnNode) insn).name.equals(RuntimeNames.TAKE_CALL_SITE)) {
                return true;
            }
        }
        return false;
    }

    private static boolean callsLeafPark(MethodNode m) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode && ((MethodInsnNode) insn).name.equals(RuntimeNames.LEAF_PARK_METHOD)) {
                return true;
            }
        }
        return false;
    }

    private static boolean has(MethodNode m, String annotation) {
        return has(m.invisibleAnnotations, annotation) || has(m.visibleAnnotations, annotation);
    }

    private static boolean has(List<AnnotationNode> annotations, String desc) {
        return annotations != null && annotations.stream().anyMatch(a -> a.desc.equals(desc));
    }

    /** The classes {@code rewrite-api} rewrites: {@code io/jgo/X} and {@code io/jgo/internal/callback/X}. */
    private static boolean isApiClass(String name) {
        return name.lastIndexOf('/') == "io/jgo".length() || name.lastIndexOf('/') == RuntimeNames.CALLBACK_PACKAGE.length() - 1
                && name.startsWith(RuntimeNames.CALLBACK_PACKAGE);
    }

    private static ClassNode read(String name) throws IOException {
        try (InputStream in = Go.class.getClassLoader().getResourceAsStream(name + ".class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in.readAllBytes()).accept(cn, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return cn;
        }
    }

    /** Internal names of every class file of the runtime (the folder or jar that holds {@code io.jgo.Go}). */
    private static List<String> runtimeClassNames() throws Exception {
        Path root = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Stream<String> paths;
        if (Files.isDirectory(root)) {
            try (Stream<Path> walk = Files.walk(root.resolve("io/jgo"))) {
                paths = walk.map(p -> root.relativize(p).toString().replace(root.getFileSystem().getSeparator(), "/")).toList().stream();
            }
        } else {
            try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(root.toFile())) {
                paths = jar.stream().map(java.util.zip.ZipEntry::getName).toList().stream();
            }
        }
        List<String> names = paths.filter(p -> p.endsWith(".class") && !p.endsWith("package-info.class")
                        && !p.endsWith("module-info.class"))
                .map(p -> p.substring(0, p.length() - ".class".length()))
                .sorted().toList();
        assertTrue(names.contains("io/jgo/Go"), names.toString());
        return names;
    }
}
