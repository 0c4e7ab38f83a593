package io.jgo.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * The rewrite, as a pure function from class-file bytes to class-file bytes. Thread-safe; one
 * instance serves a whole agent or a whole build-time run (it caches what it learns about classes).
 */
public final class Instrumenter {

    /** Newest class-file major version the rewrite reads (Java 25). */
    static final int NEWEST_MAJOR = Opcodes.V25 & 0xFFFF;

    private final ByteScan scan = new ByteScan();
    private final ClassInfoCache classes;
    private final Suspendables suspendables;
    private final Diagnostics diagnostics;
    private final boolean verify;
    private final RewriteOptions options;
    /** Which constructors are split ({@link ConstructorSplit}), asked by their classes and their callers alike. */
    private final SplitConstructors splits;
    /** Null unless suspendable packages were given: the build-time closure over what {@link #learn} saw. */
    private final SuspendableClosure closure;

    /** An instrumenter with the default options ({@link RewriteOptions#fromSystemProperties}). */
    public Instrumenter(ClassBytes classBytes, Diagnostics diagnostics, boolean verify) {
        this(classBytes, diagnostics, verify, RewriteOptions.fromSystemProperties());
    }

    public Instrumenter(ClassBytes classBytes, Diagnostics diagnostics, boolean verify, RewriteOptions options) {
        this(classBytes, diagnostics, verify, false, options);
    }

    /**
     * {@code everyCallSuspends}: a stress mode for tests, which rewrites every method of every class
     * as if each call in it were a suspension point, so that the rewrite meets every shape of
     * bytecode a real class path holds.
     */
    Instrumenter(ClassBytes classBytes, Diagnostics diagnostics, boolean verify, boolean everyCallSuspends) {
        this(classBytes, diagnostics, verify, everyCallSuspends, RewriteOptions.of(PreemptMode.LOOPS));
    }

    private Instrumenter(ClassBytes classBytes, Diagnostics diagnostics, boolean verify, boolean everyCallSuspends,
                         RewriteOptions options) {
        this.options = options;
        this.classes = new ClassInfoCache(classBytes, scan);
        this.suspendables = new Suspendables(classes, everyCallSuspends || options.stress, options.suspendable, options.suspendableMethods);
        this.splits = new SplitConstructors(classBytes, suspendables, options.blocking, classes);
        this.closure = options.suspendable.isEmpty() ? null : new SuspendableClosure(suspendables, classes, splits);
        if (!options.suspendable.isEmpty()) {
            // The agent's rule before any closure: calls whose exact target provably reaches no park are plain.
            suspendables.narrowWith(new PlainCallees(classBytes, suspendables, options.blocking));
        }
        learnListed(options.suspendableMethods);
        this.diagnostics = diagnostics;
        this.verify = verify;
    }

    /** Cheap byte scan: can this class hold a suspendable method at all? */
    public boolean mightSuspend(byte[] classFile) {
        return scan.mightSuspend(classFile) || !options.suspendable.isEmpty() && inSuspendablePackage(classFile);
    }

    /** A class of a suspendable package needs a look even when it names nothing of jgo's. */
    private boolean inSuspendablePackage(byte[] classFile) {
        try {
            return options.suspendable.contains(new ClassReader(classFile).getClassName());
        } catch (RuntimeException unreadable) {
            return true; // let the full parse decide (and report)
        }
    }

    /**
     * Rewritten bytes, or null when the class needs no change, was already rewritten, belongs to the
     * runtime, or cannot be handled (then it is reported through {@link Diagnostics#failed} and must
     * be used exactly as it was).
     */
    public byte[] transform(byte[] classFile) {
        ClassReader reader;
        try {
            reader = new ClassReader(classFile);
        } catch (RuntimeException e) {
            diagnostics.failed(new InstrumentationException("<unknown>", null, null, 0, "unreadable class file: " + e));
            return null;
        }
        String name = reader.getClassName();
        if (isRuntimeClass(name) && !isRewrittenApiClass(name)) {
            return null;
        }
        if (isRuntimeClass(name)) {
            InstrumentationException unmarked = unmarkedLeaf(name, reader);
            if (unmarked != null) {
                diagnostics.failed(unmarked);
                return null;
            }
        }
        int major = reader.readUnsignedShort(6);
        if (major > NEWEST_MAJOR) {
            diagnostics.failed(new InstrumentationException(name, null, null, 0,
                    "class file version " + major + " is newer than Java 25, the newest this rewrite reads"));
            return null;
        }
        classes.takeRequiredMissing(); // a name left by an earlier refusal on this thread must not be blamed here
        ClassRewriter rewriter = null;
        try {
            List<String> warnings = new ArrayList<>();
            rewriter = new ClassRewriter(classes, suspendables, options, splits);
            ClassNode rewritten = rewriter.rewrite(reader, warnings);
            if (rewritten == null) {
                warnings.forEach(diagnostics::warning);
                rewriter.unannotatedCallers().forEach(diagnostics::unannotatedCaller);
                return null;
            }
            ClassLimits.checkTree(rewritten, rewriter.rewrittenMethods());
            HierarchyClassWriter writer = new HierarchyClassWriter(reader, classes);
            rewritten.accept(writer);
            byte[] out = writer.toByteArray();
            ClassLimits.check(out, rewriter.madeFor());
            if (verify) {
                verify(out);
            }
            warnings.forEach(diagnostics::warning);
            rewriter.unannotatedCallers().forEach(diagnostics::unannotatedCaller);
            return out;
        } catch (InstrumentationException e) {
            String missing = classes.takeRequiredMissing();
            diagnostics.failed(missing == null ? e : e.causedByMissing(missing));
            return plainFactories(rewriter, reader);
        } catch (TypeNotPresentException e) {
            classes.takeRequiredMissing();
            diagnostics.failed(InstrumentationException.classNotFound(name, e.typeName()));
            return plainFactories(rewriter, reader);
        } catch (org.objectweb.asm.MethodTooLargeException e) {
            diagnostics.failed(ClassLimits.limit(name, e.getMethodName(), e.getDescriptor(),
                    ClassLimits.codeSize(e.getCodeSize()), rewriter.madeFor()));
            return plainFactories(rewriter, reader);
        } catch (org.objectweb.asm.ClassTooLargeException e) {
            diagnostics.failed(new InstrumentationException(name, null, null, 0,
                    ClassLimits.constantPool(e.getConstantPoolCount()) + "; to have it rewritten, split the class"));
            return plainFactories(rewriter, reader);
        } catch (RuntimeException e) {
            String missing = classes.takeRequiredMissing();
            diagnostics.failed(missing != null ? InstrumentationException.classNotFound(name, missing)
                    : new InstrumentationException(name, null, null, 0, "internal error in the rewrite: " + e));
            return plainFactories(rewriter, reader);
        }
    }

    /**
     * A class whose rewrite failed after it split constructors: callers rewritten before (or after) may
     * already call their factories ({@link SplitConstructors}), so the class is used as it was plus a
     * plain factory per split constructor ({@code return new C(a)}: a suspension there pins, as
     * before). Null (the class as it was) if nothing was split or even that cannot be written.
     */
    private byte[] plainFactories(ClassRewriter rewriter, ClassReader reader) {
        try {
            ClassNode plain = rewriter == null ? null : rewriter.plainFactories(reader);
            if (plain == null) {
                return null;
            }
            HierarchyClassWriter writer = new HierarchyClassWriter(reader, classes);
            plain.accept(writer);
            return writer.toByteArray();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Learns, ahead of any rewrite, which methods of this class are {@code @Goroutine}, so that the
     * byte scan lets through the classes that call them even when they come first. A build-time run
     * calls this for every class of its input before rewriting any, so that its output does not
     * depend on the order of the entries (the agent cannot: classes reach it one by one). Bytes
     * that are not a readable class file are ignored here; the rewrite reports them.
     */
    public void learn(byte[] classFile) {
        if (closure != null) {
            try {
                closure.add(new ClassReader(classFile));
            } catch (RuntimeException unreadable) {
                return;
            }
        }
        if (!scan.mightSuspend(classFile)) {
            return; // a class that declares @Goroutine methods names io/jgo/Goroutine
        }
        ClassInfo info;
        try {
            info = ClassInfoCache.parse(new ClassReader(classFile));
        } catch (RuntimeException unreadable) {
            return;
        }
        if (!isRuntimeClass(info.name) || options.runtimeApi && isApiClass(info.name)) {
            classes.remember(info);
        }
    }

    /**
     * A build-time run, after {@link #learn} saw every class of its input and before it rewrites any:
     * computes which methods of the suspendable packages a suspension can reach
     * ({@link SuspendableClosure}), so that only those are rewritten, and answers them (sorted, as
     * {@code com/acme/Retry.run(Ljava/util/function/Supplier;)Ljava/lang/Object;}) for the output's
     * {@link SuspendablesFile}. Without suspendable packages: the methods given by
     * {@link RewriteOptions#withSuspendableMethods}, nothing computed.
     */
    public java.util.SortedSet<String> closeSuspendables() {
        java.util.Set<String> listed = closure == null ? suspendables.listed() : closure.close();
        if (closure != null) {
            for (String missing : closure.unmatchedPackages()) {
                diagnostics.warning("suspendable package " + missing + " holds no class of the input: nothing in it is"
                        + " rewritten; check the name (packages are dotted, sub-packages included)");
            }
        }
        learnListed(listed);
        return new java.util.TreeSet<>(listed);
    }

    /** The byte scan lets through the classes that name a class declaring a listed method. */
    private void learnListed(java.util.Collection<String> methods) {
        for (String method : methods) {
            scan.addDeclaring(method.substring(0, method.lastIndexOf('.', method.indexOf('('))));
        }
    }

    /**
     * Internal names of the classes that the code seen so far names but that the {@link ClassBytes}
     * could not find (the runtime's own are always known). Calls into them were taken as possible
     * suspension points, and classes whose frames needed them were refused; a build-time caller
     * uses this to tell the user which classes to supply.
     */
    public Set<String> classesNotFound() {
        return classes.notFound();
    }

    /**
     * Runs the whole pipeline once on a built-in sample (a {@code @Goroutine} method with a
     * suspension point), so that every class the rewrite uses is loaded now. An agent calls this
     * before registering its transformer: loading one of them from inside a transform can end in a
     * {@code ClassCircularityError}. Returns true when the sample was rewritten.
     */
    public boolean warmUp() {
        String name = "io/jgo/instrument/WarmUpSample";
        org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(org.objectweb.asm.ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        org.objectweb.asm.MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "count", "(J)J", null, null);
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        org.objectweb.asm.Label done = new org.objectweb.asm.Label();
        m.visitVarInsn(Opcodes.LLOAD, 0);
        m.visitInsn(Opcodes.LCONST_0);
        m.visitInsn(Opcodes.LCMP);
        m.visitJumpInsn(Opcodes.IFEQ, done);
        m.visitVarInsn(Opcodes.LLOAD, 0);
        m.visitVarInsn(Opcodes.LLOAD, 0);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitInsn(Opcodes.LSUB);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, name, "count", "(J)J", false);
        m.visitInsn(Opcodes.LADD);
        m.visitInsn(Opcodes.LRETURN);
        m.visitLabel(done);
        m.visitInsn(Opcodes.LCONST_0);
        m.visitInsn(Opcodes.LRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        byte[] sample = cw.toByteArray();
        return mightSuspend(sample) && transform(sample) != null;
    }

    /** The runtime's own classes are hand-written (its primitives are the leaves of every suspension). */
    static boolean isRuntimeClass(String internalName) {
        if (internalName.startsWith(RuntimeNames.RUNTIME_INTERNAL_PREFIX)
                || internalName.startsWith(RuntimeNames.RUNTIME_NET_PREFIX)) {
            return true;
        }
        return internalName.startsWith(RuntimeNames.RUNTIME_PACKAGE)
                && internalName.indexOf('/', RuntimeNames.RUNTIME_PACKAGE.length()) < 0;
    }

    /**
     * In the runtime's own build ({@link RewriteOptions#withRuntimeApi}): is {@code name} an API
     * class to rewrite? Its methods marked {@code @Leaf} stay as written ({@link ClassRewriter}).
     */
    private boolean isRewrittenApiClass(String name) {
        return options.runtimeApi && isApiClass(name);
    }

    /**
     * A class the runtime's build rewrites: directly in the API package ({@code io/jgo/Chan}, not
     * {@code io/jgo/internal/Stack}), or one of the suspendable JDK-callback helpers.
     */
    private static boolean isApiClass(String internalName) {
        return internalName.startsWith(RuntimeNames.RUNTIME_PACKAGE)
                && internalName.indexOf('/', RuntimeNames.RUNTIME_PACKAGE.length()) < 0
                || internalName.startsWith(RuntimeNames.CALLBACK_PACKAGE)
                && internalName.indexOf('/', RuntimeNames.CALLBACK_PACKAGE.length()) < 0
                || internalName.startsWith(RuntimeNames.SOCKETS_PACKAGE)
                && internalName.indexOf('/', RuntimeNames.SOCKETS_PACKAGE.length()) < 0;
    }

    /**
     * A runtime API class about to be rewritten: the first method that speaks the leaf protocol (calls
     * {@code LeafPark.$jgo$park}, or takes the handshake by hand) without the {@code @Leaf} marker,
     * as a failure; or null. Rewritten, such a method's prologue would take the call site its leaf
     * needs, and every suspension through it would pin: the build stops instead of skipping it.
     */
    private static InstrumentationException unmarkedLeaf(String className, ClassReader reader) {
        InstrumentationException[] found = {null};
        reader.accept(new org.objectweb.asm.ClassVisitor(Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.MethodVisitor visitMethod(int access, String n, String d, String sig, String[] ex) {
                return new org.objectweb.asm.MethodVisitor(Opcodes.ASM9) {
                    private boolean marked;

                    @Override
                    public org.objectweb.asm.AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        marked |= RuntimeNames.LEAF_DESC.equals(desc);
                        return null;
                    }

                    @Override
                    public void visitMethodInsn(int op, String owner, String m, String desc, boolean itf) {
                        boolean speaks = owner.equals(RuntimeNames.STACK) && m.equals(RuntimeNames.TAKE_CALL_SITE)
                                || m.equals(RuntimeNames.LEAF_PARK_METHOD);
                        if (speaks && !marked && found[0] == null) {
                            found[0] = new InstrumentationException(className, n, d, 0, "calls " + owner.replace('/', '.') + "." + m
                                    + " but is not marked @io.jgo.internal.cont.Leaf: a leaf must be marked, so that the build"
                                    + " leaves it as written (see LeafPark), and no other method may speak the leaf protocol");
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found[0];
    }

    /**
     * ASM's structural checks plus a data-flow check of every method with this rewrite's own
     * hierarchy (so verification never loads a class). Throws when the rewrite produced bad code.
     */
    private void verify(byte[] out) {
        ClassReader reader = new ClassReader(out);
        reader.accept(new CheckClassAdapter(null, false), 0);
        ClassNode cn = new ClassNode();
        reader.accept(cn, ClassReader.SKIP_DEBUG);
        List<Type> interfaces = new ArrayList<>();
        for (String i : cn.interfaces) {
            interfaces.add(Type.getObjectType(i));
        }
        for (MethodNode m : cn.methods) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                continue;
            }
            TypeInterpreter interpreter = new TypeInterpreter(classes, Type.getObjectType(cn.name),
                    cn.superName == null ? null : Type.getObjectType(cn.superName), interfaces,
                    (cn.access & Opcodes.ACC_INTERFACE) != 0);
            try {
                TypeInterpreter.analyze(new Analyzer<>(interpreter), cn.name, m);
            } catch (AnalyzerException e) {
                throw new InstrumentationException(cn.name, m.name, m.desc,
                        e.node == null ? 0 : Lines.lineOf(e.node), "the rewritten method does not verify: " + e.getMessage());
            }
        }
    }
}
