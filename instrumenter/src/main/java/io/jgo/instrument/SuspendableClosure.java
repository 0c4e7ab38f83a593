package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A build-time run's whole-program answer to "which methods of the suspendable packages can a
 * suspension reach?" (the idea of Quasar's {@code SuspendablesScanner}, written anew). It sees
 * every class of the input first ({@link #add}), keeping only the calls of each method of a
 * suspendable package and of each lambda body, and the lambdas made of each interface; then
 * {@link #close} lists, until nothing changes:
 * <ul>
 *   <li>a method of a suspendable package with a call that is a suspension point — to a
 *       {@code @Goroutine} or listed method, a JDK functional interface, or a class of a suspendable
 *       package that is not in the input (unknown, so taken as suspending);</li>
 *   <li>the declarations a listed or annotated method overrides or implements in a suspendable
 *       package, so that calls through the interface or the superclass are suspension points too;</li>
 *   <li>the method of an interface of a suspendable package that a lambda or method reference
 *       implements, when that lambda body or the referenced method may suspend.</li>
 * </ul>
 * What it lists is what {@link Suspendables} then takes as if annotated; what it does not list
 * stays plain, so a library method that can never reach goroutine code costs nothing.
 *
 * <p>One thread: a build-time run calls {@link #add} for each class, then {@link #close} once,
 * before it rewrites any class.
 */
final class SuspendableClosure {

    /** A call as written: declared owner, name, descriptor. */
    private record Call(String owner, String name, String desc) {
    }

    /** A method whose calls decide whether it is listed. */
    private record Caller(String owner, String nameAndDesc, boolean lambdaBody, boolean overridable, List<Call> calls) {
    }

    /** A lambda or method reference: {@code impl} implements {@code itf.sam}. */
    private record LambdaEdge(String implOwner, String implNameAndDesc, String itf, String samNameAndDesc) {
    }

    private final Suspendables suspendables;
    private final ClassInfoCache classes;
    /** A construction {@code new C(a)} reaches a suspension when C's constructor is split (its body was listed). */
    private final SplitConstructors splits;
    private final Map<String, Caller> callers = new LinkedHashMap<>();
    private final List<LambdaEdge> lambdas = new ArrayList<>();
    /** Annotated instance methods of the input: their declarations in suspendable packages suspend too. */
    private final List<String[]> annotatedOverrides = new ArrayList<>();
    /** Lambda bodies found to hold a suspension point (not listed: the rewrite picks them by itself). */
    private final Set<String> suspendingLambdas = new HashSet<>();
    /** The classes of the input in a suspendable package. */
    private final Set<String> inPackages = new HashSet<>();

    SuspendableClosure(Suspendables suspendables, ClassInfoCache classes, SplitConstructors splits) {
        this.splits = splits;
        this.suspendables = suspendables;
        this.classes = classes;
    }

    /** Keeps what the closure needs of one class of the input. Unreadable bytes are skipped (the rewrite reports them). */
    void add(ClassReader reader) {
        String owner = reader.getClassName();
        boolean inPackage = suspendables.packages().contains(owner);
        if (inPackage) {
            inPackages.add(owner);
        }
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                boolean lambdaBody = (access & Opcodes.ACC_SYNTHETIC) != 0 && name.startsWith("lambda$");
                boolean overridable = (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && !name.startsWith("<");
                List<Call> calls = new ArrayList<>();
                // A constructor of a suspendable package is listed when its body (after super(...)) may
                // suspend: SplitConstructors then splits it, and constructions of it become suspension points.
                boolean constructor = name.equals("<init>");
                if ((inPackage || lambdaBody) && (!name.startsWith("<") || constructor && inPackage)
                        && (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0) {
                    callers.put(owner + "." + name + desc, new Caller(owner, name + desc, lambdaBody, overridable, calls));
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    /** In a constructor: the constructions begun and not yet finished, and whether super(...) was passed. */
                    private int pendingNews;
                    private boolean afterSuper = !constructor;

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        if (opcode == Opcodes.NEW) {
                            pendingNews++;
                        }
                    }

                    @Override
                    public org.objectweb.asm.AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        if (overridable && RuntimeNames.GOROUTINE_DESC.equals(annotation)) {
                            annotatedOverrides.add(new String[] {owner, name + desc});
                        }
                        return null;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String callOwner, String callName, String callDesc, boolean itf) {
                        if (!afterSuper && opcode == Opcodes.INVOKESPECIAL && callName.equals("<init>")) {
                            if (pendingNews == 0) {
                                afterSuper = true;
                                return;
                            }
                            pendingNews--;
                        }
                        if (afterSuper) {
                            calls.add(new Call(callOwner, callName, callDesc));
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String samName, String indyDesc, Handle bsm, Object... args) {
                        if (bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") && args.length >= 3
                                && args[0] instanceof Type && args[1] instanceof Handle) {
                            String itf = Type.getReturnType(indyDesc).getInternalName();
                            if (suspendables.packages().contains(itf)) {
                                Handle impl = (Handle) args[1];
                                lambdas.add(new LambdaEdge(impl.getOwner(), impl.getName() + impl.getDesc(), itf,
                                        samName + ((Type) args[0]).getDescriptor()));
                            }
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /**
     * Lists every method a suspension can reach, closes {@link Suspendables} (from now on a method of a
     * suspendable package suspends only when listed) and answers the methods listed.
     */
    Set<String> close() {
        suspendables.close();
        for (String[] annotated : annotatedOverrides) {
            listDeclarationsAbove(annotated[0], annotated[1]);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Caller caller : callers.values()) {
                if (isSuspendable(caller.owner, caller.nameAndDesc) || !hasSuspensionPoint(caller)) {
                    continue;
                }
                changed = true;
                if (caller.lambdaBody && !suspendables.packages().contains(caller.owner)) {
                    suspendingLambdas.add(caller.owner + "." + caller.nameAndDesc);
                } else {
                    suspendables.list(caller.owner, caller.nameAndDesc);
                    if (caller.overridable) {
                        listDeclarationsAbove(caller.owner, caller.nameAndDesc);
                    }
                }
            }
            for (LambdaEdge edge : lambdas) {
                if (!suspendables.isListed(edge.itf, edge.samNameAndDesc) && isSuspendable(edge.implOwner, edge.implNameAndDesc)) {
                    suspendables.list(edge.itf, edge.samNameAndDesc);
                    changed = true;
                }
            }
        }
        return suspendables.listed();
    }

    /** The suspendable packages named that hold no class of the input (dotted). */
    List<String> unmatchedPackages() {
        return suspendables.packages().unmatched(inPackages);
    }

    private boolean hasSuspensionPoint(Caller caller) {
        boolean constructor = caller.nameAndDesc.startsWith("<init>");
        for (Call call : caller.calls) {
            if (call.name.equals("<init>") ? splits.callSplits(call.owner, call.desc)
                    : suspendables.isSuspensionPoint(call.owner, call.name, call.desc)
                    // a constructor's socket read parks once the split body is rewritten, as under the agent
                    || constructor && splits.parksOnceRedirected(call.owner, call.name, call.desc)) {
                return true;
            }
        }
        return false;
    }

    /** Annotated, listed, or a lambda body found to suspend. */
    private boolean isSuspendable(String owner, String nameAndDesc) {
        if (suspendables.isListed(owner, nameAndDesc) || suspendingLambdas.contains(owner + "." + nameAndDesc)) {
            return true;
        }
        ClassInfo info = classes.get(owner);
        return info != null && info.suspendables.contains(nameAndDesc);
    }

    /** Lists {@code nameAndDesc} in every supertype of {@code owner} in a suspendable package that declares it. */
    private void listDeclarationsAbove(String owner, String nameAndDesc) {
        Set<String> seen = new HashSet<>();
        List<String> pending = new ArrayList<>();
        ClassInfo start = classes.get(owner);
        if (start == null) {
            return;
        }
        addSupers(start, pending);
        while (!pending.isEmpty()) {
            String type = pending.remove(pending.size() - 1);
            if (!seen.add(type) || type.startsWith("java/")) {
                continue;
            }
            ClassInfo info = classes.get(type);
            if (info == null) {
                continue;
            }
            if (info.methods.contains(nameAndDesc) && suspendables.packages().contains(type)) {
                suspendables.list(type, nameAndDesc);
            }
            addSupers(info, pending);
        }
    }

    private static void addSupers(ClassInfo info, List<String> pending) {
        if (info.superName != null) {
            pending.add(info.superName);
        }
        pending.addAll(List.of(info.interfaces));
    }
}
