package io.jgo.instrument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites the suspendable methods of one class: picks them ({@code @Goroutine} methods, methods
 * listed as suspendable, methods of a suspendable package under the agent's conservative rule, and
 * synthetic lambda bodies that contain a suspension point; an annotated method without one cannot
 * suspend and is left as written, as Go leaves small leaf functions without a stack check), hands each to a {@link MethodRewriter},
 * and marks the class as rewritten. All or nothing: if one method cannot be rewritten, the whole
 * class is left as it was and the reason is reported.
 */
final class ClassRewriter {

    private final ClassInfoCache classes;
    private final Suspendables suspendables;
    private final PreemptMode preempt;
    private final BlockingCalls blocking;
    private final OwnedLockCalls ownedLocks;
    private final CallbackCalls callbacks;
    /** Which constructors are split, here and at call sites ({@link ConstructorSplit}). */
    private final SplitConstructors splits;
    /** Filled by {@link #rewrite}: the descriptors of the constructors it split (for {@link #plainFactories}). */
    private final List<MethodNode> splitConstructors = new ArrayList<>();
    /** Filled by {@link #rewrite}: the methods whose code it changed. */
    private final List<MethodNode> rewritten = new ArrayList<>();
    /** Filled by {@link #rewrite}: each save helper, by name, and the method it was made for. */
    private final java.util.Map<String, MethodNode> madeFor = new java.util.HashMap<>();
    /** Report unannotated callers of suspending methods ({@link RewriteOptions#withUnannotatedCallers}). */
    private final boolean reportCallers;
    /** Filled by {@link #rewrite} when {@link #reportCallers}: one message per method left as written that calls a suspending one. */
    private final List<String> unannotatedCallers = new ArrayList<>();

    ClassRewriter(ClassInfoCache classes, Suspendables suspendables, RewriteOptions options, SplitConstructors splits) {
        this.splits = splits;
        this.classes = classes;
        this.suspendables = suspendables;
        this.preempt = options.preempt;
        this.blocking = options.blocking;
        this.ownedLocks = new OwnedLockCalls(classes);
        this.callbacks = new CallbackCalls(classes, suspendables);
        this.reportCallers = options.unannotatedCallers && !options.runtimeApi;
    }

    /** Is there anything to rewrite in {@code m}: a suspension point, or (in LOOPS mode) a loop to poll in? */
    private boolean canSuspend(MethodNode m) {
        return MethodRewriter.hasSuspensionPoint(m, suspendables) || preempt == PreemptMode.LOOPS && BackEdges.hasLoop(m);
    }

    /** The rewritten class node, or null if nothing in it is suspendable. Warnings are appended to {@code warnings}. */
    ClassNode rewrite(ClassReader reader, List<String> warnings) {
        ClassNode cn = new ClassNode();
        reader.accept(cn, ClassReader.SKIP_FRAMES);
        if (isRewritten(cn)) {
            return null;
        }
        String ownFile = suspendables.packages().contains(cn.name) && !anyAnnotated(cn) ? ownClassFileRead(cn) : null;
        if (ownFile != null) {
            // A library that checks its own bytecode would read the rewritten bytes after a build-time
            // rewrite: it is rewritten only where its author asked (@Goroutine), never for suspendable=.
            warnings.add(cn.name.replace('/', '.') + " reads its own class file (\"" + ownFile + "\" as a resource), so"
                    + " rewriting it for suspendable= could change what it reads: it is left as it was, and a suspension"
                    + " that reaches it pins the goroutine");
            return null;
        }
        classes.remember(ClassInfoCache.parse(reader));
        List<MethodNode> targets = new ArrayList<>();
        boolean changed = splitConstructors(cn, warnings);
        List<MethodNode> callSteps = new ArrayList<>();
        // The factory calls ConstructorCalls makes: static calls while the methods are rewritten, then invokedynamics.
        Set<AbstractInsnNode> factoryCalls = Collections.newSetFromMap(new IdentityHashMap<>());
        // A class of a suspendable package before any closure (the agent): every method may be rewritten.
        boolean library = suspendables.rewritesUnlisted(cn.name);
        for (MethodNode m : cn.methods) {
            boolean hasCode = (m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
            if (hasCode && !m.name.startsWith("<") && !isLeaf(m) && (isSuspendable(cn, m) || isLambdaBody(m) || library)) {
                // First step: blocking JDK calls hand the P on (Thread.sleep parks, so it becomes a suspension point).
                // java.net.Socket's calls and the decorators over its streams go to the runtime's parking ones.
                boolean wrapped = SocketCalls.apply(cn.name, m) > 0;
                // new C(..) of a split constructor calls its factory, where a suspension can unwind.
                wrapped |= ConstructorCalls.apply(cn.name, m, splits, factoryCalls, (cn.version & 0xFFFF) >= Opcodes.V1_7) > 0;
                wrapped |= blocking.apply(m) > 0;
                // Thread-owned locks are counted per goroutine, which pins while it holds one.
                wrapped |= ownedLocks.apply(m) > 0;
                if (wrapped) {
                    rewritten.add(m);
                    changed = true;
                }
                callSteps.add(m);
            }
        }
        if (!callSteps.isEmpty()) {
            // A class the rewrite takes up makes its ReentrantLocks owned by goroutines (constructors too).
            for (MethodNode m : cn.methods) {
                if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && !isLeaf(m)
                        && LockConstructions.apply(cn.name, m) > 0) {
                    if (!rewritten.contains(m)) {
                        rewritten.add(m);
                    }
                    changed = true;
                }
            }
        }
        for (MethodNode m : callSteps) {
            // Then, with every lambda body of the class through the steps above: the JDK's
            // higher-order methods whose function may suspend go through suspendable helpers.
            if (callbacks.apply(cn, m, isSuspendable(cn, m)) > 0) {
                if (!rewritten.contains(m)) {
                    rewritten.add(m);
                }
                changed = true;
            }
        }
        for (MethodNode m : cn.methods) {
            boolean annotated = isSuspendable(cn, m);
            boolean hasCode = (m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
            if (isLeaf(m)) {
                continue; // a runtime leaf takes the handshake itself, through LeafPark: left as written
            } else if (isAnnotated(m) && m.name.startsWith("<")) {
                warnings.add(cn.name.replace('/', '.') + "." + m.name + ": a constructor or initializer cannot be @Goroutine; "
                        + "it is left as it is and suspending in it pins the goroutine");
            } else if (annotated && hasCode && !m.name.startsWith("<")) {
                if (isAnnotated(m)) {
                    warnIfOverridesUnannotated(cn, m, warnings);
                }
                if (canSuspend(m)) {
                    targets.add(m);
                }
                // else: like Go's nosplit leaves, a method without a call that can suspend and without
                // a loop needs no prologue; it runs exactly as written and preemption waits for its caller.
            } else if (!annotated && hasCode && (isLambdaBody(m) && canSuspend(m)
                    || (suspendables.everyCall() || library) && !m.name.startsWith("<")
                    && MethodRewriter.hasSuspensionPoint(m, suspendables))) {
                targets.add(m);
            } else if (m.name.equals("<init>") && !suspendables.packages().contains(cn.name) && !suspendables.everyCall()
                    && MethodRewriter.hasSuspensionPoint(m, suspendables)) {
                // (A library's constructor calling into its own package, or any call under stress, is not worth a warning.)
                warnings.add("a constructor of " + cn.name.replace('/', '.') + " calls a @Goroutine method (line "
                        + MethodRewriter.firstSuspensionLine(m, suspendables) + "): constructors are never rewritten, "
                        + "so a suspension there pins the goroutine; move the call out of the constructor");
            } else if (reportCallers && !annotated && hasCode && !m.name.startsWith("<") && !isLambdaBody(m)
                    && (m.access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0 && !library
                    && !suspendables.packages().contains(cn.name) && !suspendables.everyCall()) {
                reportIfCallsSuspending(cn, m);
            }
        }
        if (targets.isEmpty() && !changed) {
            return null;
        }
        List<Type> interfaces = new ArrayList<>();
        for (String i : cn.interfaces) {
            interfaces.add(Type.getObjectType(i));
        }
        boolean isInterface = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        Helpers helpers = new Helpers(cn.name, isInterface);
        boolean lazyResume = (cn.version & 0xFFFF) >= Opcodes.V1_8; // the resume entry may be a static interface method
        java.util.Set<Integer> ambiguousIds = ResumeEntry.collidingIds(cn.name, targets);
        java.util.Set<Integer> sharedIds = ResumeEntry.collidingIds(cn.name, cn.methods);
        List<MethodRewriter> rewriters = new ArrayList<>();
        for (MethodNode m : targets) {
            TypeInterpreter interpreter = new TypeInterpreter(classes, Type.getObjectType(cn.name),
                    cn.superName == null ? null : Type.getObjectType(cn.superName), interfaces, isInterface);
            int id = RuntimeNames.methodId(cn.name, m.name, m.desc);
            if (sharedIds.contains(id)) {
                warnings.add(cn.name.replace('/', '.') + "." + m.name + m.desc + " has the same method id (a 32-bit hash of "
                        + "its name) as another method of its class, so the runtime cannot tell their frames apart: what it "
                        + "calls pins the goroutine when it suspends; rename one of the two methods");
            }
            MethodRewriter rewriter = new MethodRewriter(cn.name, cn.sourceFile, m, suspendables, interpreter, warnings,
                    helpers, preempt == PreemptMode.LOOPS, lazyResume && !ambiguousIds.contains(id), sharedIds.contains(id));
            int helpersBefore = helpers.methods().size();
            rewriter.rewrite();
            rewriters.add(rewriter);
            if (!rewritten.contains(m)) {
                rewritten.add(m);
            }
            for (MethodNode helper : helpers.methods().subList(helpersBefore, helpers.methods().size())) {
                madeFor.put(helper.name, m);
            }
        }
        cn.methods.addAll(helpers.methods());
        if (lazyResume) {
            ResumeEntry.add(cn, rewriters);
        }
        ConstructorCalls.linkThroughBootstrap(cn, factoryCalls);
        if (cn.invisibleAnnotations == null) {
            cn.invisibleAnnotations = new ArrayList<>();
        }
        cn.invisibleAnnotations.add(new AnnotationNode(RuntimeNames.REWRITTEN_DESC));
        return cn;
    }

    /**
     * Splits each constructor of {@code cn} that {@link SplitConstructors} says to ({@link ConstructorSplit})
     * and lists its body and factory as suspendable, so that they are rewritten below like any method;
     * warns about each constructor that may suspend but cannot be split, with the reason. True if any was split.
     */
    private boolean splitConstructors(ClassNode cn, List<String> warnings) {
        Map<String, String> reasons = new java.util.TreeMap<>();
        Map<String, ConstructorShape.Verdict> verdicts = splits.toSplit(cn, reasons);
        for (Map.Entry<String, String> e : reasons.entrySet()) {
            warnings.add("the constructor " + cn.name.replace('/', '.') + e.getKey() + " may suspend but cannot be split ("
                    + e.getValue() + "), so a suspension in it pins the goroutine; move the blocking call out of the constructor"
                    + " (into a static factory method)");
        }
        if (verdicts.isEmpty()) {
            return false;
        }
        for (MethodNode init : new ArrayList<>(cn.methods)) {
            ConstructorShape.Verdict verdict = init.name.equals("<init>") ? verdicts.get(init.desc) : null;
            if (verdict != null) {
                for (MethodNode made : ConstructorSplit.split(cn, init, verdict.superCall())) {
                    suspendables.list(cn.name, made.name + made.desc);
                    rewritten.add(made);
                }
                splitConstructors.add(init);
            }
        }
        return true;
    }

    /**
     * After {@link #rewrite} split constructors but the class could not be written: the original class
     * with a plain factory for each ({@code return new C(a)}), so that callers redirected to it still
     * link (and pin there, as before the split). Null if nothing was split.
     */
    ClassNode plainFactories(ClassReader reader) {
        if (splitConstructors.isEmpty()) {
            return null;
        }
        ClassNode cn = new ClassNode();
        reader.accept(cn, ClassReader.SKIP_FRAMES);
        for (MethodNode init : splitConstructors) {
            cn.methods.add(ConstructorSplit.plainFactory(cn, init));
        }
        return cn;
    }

    /**
     * A method left as written that calls one known to suspend: a goroutine that calls it pins at that
     * call (no record can be saved for its frame). Compiler-made methods are skipped: their author cannot annotate them.
     */
    private void reportIfCallsSuspending(ClassNode cn, MethodNode m) {
        org.objectweb.asm.tree.MethodInsnNode call = MethodRewriter.firstKnownSuspendingCall(m, suspendables);
        if (call == null) {
            return;
        }
        String method = cn.name.replace('/', '.') + "." + m.name;
        int line = Lines.lineOf(call);
        String where = cn.sourceFile == null ? "" : " (" + cn.sourceFile + (line > 0 ? ":" + line : "") + ")";
        unannotatedCallers.add(method + where + " is not @Goroutine but calls " + call.owner.replace('/', '.') + "." + call.name
                + ", which suspends: annotate " + method + " with @Goroutine, or it pins when called from a goroutine");
    }

    /** After {@link #rewrite}: one message per method it left as written that calls a suspending one (when asked to report them). */
    List<String> unannotatedCallers() {
        return unannotatedCallers;
    }

    /** After {@link #rewrite}: the methods whose code it changed (their {@code maxStack} is still the original's). */
    List<MethodNode> rewrittenMethods() {
        return rewritten;
    }

    /** After {@link #rewrite}: the method each save helper was made for, by the helper's name. */
    java.util.Map<String, MethodNode> madeFor() {
        return madeFor;
    }

    static boolean isRewritten(ClassNode cn) {
        if (cn.invisibleAnnotations != null) {
            for (AnnotationNode a : cn.invisibleAnnotations) {
                if (a.desc.equals(RuntimeNames.REWRITTEN_DESC)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean anyAnnotated(ClassNode cn) {
        for (MethodNode m : cn.methods) {
            if (isAnnotated(m)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The name under which the class reads its own class file ({@code "Foo.class"}, {@code "/com/acme/Foo.class"}
     * or {@code "com/acme/Foo.class"}, a string constant of its code, as {@code getResourceAsStream} takes it), or null.
     */
    static String ownClassFileRead(ClassNode cn) {
        String simple = cn.name.substring(cn.name.lastIndexOf('/') + 1) + ".class";
        for (MethodNode m : cn.methods) {
            for (org.objectweb.asm.tree.AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof org.objectweb.asm.tree.LdcInsnNode ldc && ldc.cst instanceof String text
                        && (text.equals(simple) || text.equals(cn.name + ".class") || text.equals("/" + cn.name + ".class"))) {
                    return text;
                }
            }
        }
        return null;
    }

    /** Annotated {@code @Goroutine}, or listed as suspendable (a library method a suspension can reach). */
    private boolean isSuspendable(ClassNode cn, MethodNode m) {
        return isAnnotated(m) || suspendables.isListed(cn.name, m.name + m.desc);
    }

    private static boolean isAnnotated(MethodNode m) {
        return hasGoroutine(m.invisibleAnnotations) || hasGoroutine(m.visibleAnnotations);
    }

    private static boolean hasGoroutine(List<AnnotationNode> annotations) {
        if (annotations != null) {
            for (AnnotationNode a : annotations) {
                if (RuntimeNames.marksSuspendable(a.desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Marked {@code @Leaf}: a runtime method that speaks the leaf protocol through {@code LeafPark}. */
    private static boolean isLeaf(MethodNode m) {
        if (m.invisibleAnnotations != null) {
            for (AnnotationNode a : m.invisibleAnnotations) {
                if (RuntimeNames.LEAF_DESC.equals(a.desc)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isLambdaBody(MethodNode m) {
        return (m.access & Opcodes.ACC_SYNTHETIC) != 0 && m.name.startsWith("lambda$");
    }

    /** Calls through an unannotated declaration are not suspension points: they will pin. Say so now. */
    private void warnIfOverridesUnannotated(ClassNode cn, MethodNode m, List<String> warnings) {
        if ((m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0) {
            return;
        }
        String key = m.name + m.desc;
        Set<String> seen = new HashSet<>();
        List<String> pending = new ArrayList<>(cn.interfaces);
        if (cn.superName != null) {
            pending.add(cn.superName);
        }
        while (!pending.isEmpty()) {
            String type = pending.remove(pending.size() - 1);
            if (!seen.add(type)) {
                continue;
            }
            ClassInfo info = classes.get(type);
            if (info == null) {
                continue;
            }
            if (info.methods.contains(key) && !info.suspendables.contains(key) && !isJdkFunctional(type)) {
                warnings.add(cn.name.replace('/', '.') + "." + m.name + " is @Goroutine but overrides "
                        + type.replace('/', '.') + "." + m.name + ", which is not: calls through "
                        + type.replace('/', '.') + " are not suspension points and will pin the goroutine. "
                        + "Annotate the declaration in " + type.replace('/', '.') + " too.");
            }
            pending.addAll(List.of(info.interfaces));
            if (info.superName != null) {
                pending.add(info.superName);
            }
        }
    }

    private static boolean isJdkFunctional(String type) {
        return type.equals("java/lang/Runnable") || type.equals("java/util/concurrent/Callable") || type.equals("java/util/Comparator")
                || type.equals("java/lang/Comparable") || type.equals("java/util/Iterator") || type.startsWith("java/util/function/") || type.equals("java/lang/Object");
    }
}
