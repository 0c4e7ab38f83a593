package io.jgo.instrument;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Reads, once, the header and method annotations of classes named by the code being rewritten, and
 * answers hierarchy questions from them (for frame computation) without loading any class.
 * Thread-safe: a concurrent map of immutable {@link ClassInfo}s.
 *
 * <p>Invariant: a class that cannot be found never yields a guessed answer. Its info is null, the
 * hierarchy questions throw {@link TypeNotPresentException} naming it (so the class being rewritten
 * is refused, with that name), and it is remembered in {@link #notFound()} so a caller can tell the
 * user which classes to supply. The runtime's own classes are always found: when their bytes are
 * not on the class path, {@link RuntimeNames#knownRuntimeClass} answers for them.
 */
final class ClassInfoCache {

    private final ClassBytes classBytes;
    private final Map<String, Optional<ClassInfo>> cache = new ConcurrentHashMap<>();
    private final Set<String> notFound = ConcurrentHashMap.newKeySet();
    /**
     * The class that the last failed {@link #require} on this thread could not find, until
     * {@link #takeRequiredMissing} takes it. The refusal it causes may be rethrown on the way as
     * another exception that no longer says which class it was; this keeps the name for the report.
     */
    private final ThreadLocal<String> requiredMissing = new ThreadLocal<>();
    /** Learns the classes seen to declare suspendable methods: the byte scan looks for their names. */
    private final ByteScan scan;

    ClassInfoCache(ClassBytes classBytes, ByteScan scan) {
        this.classBytes = classBytes;
        this.scan = scan;
    }

    /** The class's info, or null when its bytes cannot be found. */
    ClassInfo get(String internalName) {
        return cache.computeIfAbsent(internalName, n -> Optional.ofNullable(read(n))).orElse(null);
    }

    /**
     * As {@link #get}, but a class that cannot be found is neither cached nor named in
     * {@link #notFound()}: for questions asked only to advise the user (which unannotated methods
     * call suspending ones), which must not change what the rewrite reports as missing.
     */
    ClassInfo findQuietly(String internalName) {
        Optional<ClassInfo> cached = cache.get(internalName);
        if (cached != null) {
            return cached.orElse(null);
        }
        byte[] bytes = classBytes.find(internalName);
        if (bytes == null) {
            return RuntimeNames.knownRuntimeClass(internalName);
        }
        return cache.computeIfAbsent(internalName, n -> Optional.of(parsed(bytes))).orElse(null);
    }

    /** Records a class being rewritten right now (its bytes may not be findable yet). */
    void remember(ClassInfo info) {
        cache.put(info.name, Optional.of(info));
        if (!info.suspendables.isEmpty()) {
            scan.addDeclaring(info.name);
        }
    }

    private ClassInfo read(String internalName) {
        byte[] bytes = classBytes.find(internalName);
        if (bytes == null) {
            ClassInfo known = RuntimeNames.knownRuntimeClass(internalName);
            if (known == null) {
                notFound.add(internalName);
            }
            return known;
        }
        return parsed(bytes);
    }

    /** The info of a class file found for a lookup; the byte scan learns it if it declares suspendable methods. */
    private ClassInfo parsed(byte[] bytes) {
        ClassInfo info = parse(new ClassReader(bytes));
        if (!info.suspendables.isEmpty()) {
            scan.addDeclaring(info.name);
        }
        return info;
    }

    /** Internal names of the classes asked for so far whose bytes could not be found. */
    Set<String> notFound() {
        return Set.copyOf(notFound);
    }

    static ClassInfo parse(ClassReader reader) {
        Set<String> methods = new HashSet<>();
        Set<String> suspendables = new HashSet<>();
        String[] header = new String[2];
        String[][] interfaces = new String[1][];
        boolean[] isInterface = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] itfs) {
                header[0] = name;
                header[1] = superName;
                interfaces[0] = itfs == null ? new String[0] : itfs;
                isInterface[0] = (access & Opcodes.ACC_INTERFACE) != 0;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                String key = name + descriptor;
                methods.add(key);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        if (RuntimeNames.marksSuspendable(desc)) {
                            suspendables.add(key);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(header[0], header[1], interfaces[0], isInterface[0], Set.copyOf(methods), Set.copyOf(suspendables));
    }

    // ------------------------------------------------------------------ hierarchy

    /**
     * Is {@code sub} the same as, a subclass of, or an implementation of {@code sup}? Throws
     * {@link TypeNotPresentException} when a class on the way up from {@code sub} is missing: "no"
     * would be a guess, and a wrong one yields frames that do not verify.
     */
    boolean isSubtype(String sub, String sup) {
        if (sub.equals(sup) || sup.equals("java/lang/Object")) {
            return true;
        }
        ClassInfo info = require(sub);
        if (info.superName != null && isSubtype(info.superName, sup)) {
            return true;
        }
        for (String itf : info.interfaces) {
            if (isSubtype(itf, sup)) {
                return true;
            }
        }
        return false;
    }

    boolean isInterface(String name) {
        return require(name).isInterface;
    }

    /** The class's info; throws {@link TypeNotPresentException} when it cannot be found. */
    ClassInfo require(String internalName) {
        ClassInfo info = get(internalName);
        if (info == null) {
            String binaryName = internalName.replace('/', '.');
            requiredMissing.set(binaryName);
            throw new TypeNotPresentException(binaryName, null);
        }
        return info;
    }

    /** The class (binary name) that the last failed {@link #require} on this thread could not find, or null; clears it. */
    String takeRequiredMissing() {
        String missing = requiredMissing.get();
        if (missing != null) {
            requiredMissing.remove();
        }
        return missing;
    }

    /** The same answer as ASM's default {@code ClassWriter.getCommonSuperClass}, without loading classes. */
    String commonSuperClass(String a, String b) {
        require(a);
        require(b);
        if (isSubtype(b, a)) {
            return a;
        }
        if (isSubtype(a, b)) {
            return b;
        }
        if (isInterface(a) || isInterface(b)) {
            return "java/lang/Object";
        }
        String c = a;
        do {
            c = require(c).superName;
            if (c == null) {
                return "java/lang/Object";
            }
        } while (!isSubtype(b, c));
        return c;
    }
}
