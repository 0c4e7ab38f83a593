package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The one predicate "is constructor {@code C.<init>(A)} split?" ({@link ConstructorSplit}), asked by
 * the class's own rewrite (which then adds the split) and by every rewritten call site of
 * {@code new C(a)} (which then calls {@code C.jgo$new(a)}). On the agent path the caller is often
 * rewritten before {@code C} is even loaded, so both read the same thing, {@code C}'s class bytes (the
 * caller through {@link ClassBytes}, the way {@link PlainCallees} reads them), and ask:
 * <ol>
 *   <li>{@code C} is a class of a package {@code suspendable=} takes up ({@link #inSplitPackage}; its
 *       default {@code *} too, not the narrow {@code annotated-only}), that does not read its own class file
 *       ({@link ClassRewriter} leaves those as they are);</li>
 *   <li>if {@code C}'s bytes were already rewritten (a build-time rewrite seen by the agent): it
 *       declares {@code jgo$new(A)};</li>
 *   <li>the constructor has the shape {@link ConstructorShape} accepts, and its class is not
 *       {@code Serializable} without a {@code serialVersionUID} (the split would change the default one);</li>
 *   <li>its body may suspend: it is listed (a build-time closure lists the constructors whose body
 *       reaches a suspension), or, before any closure, a call in its body is a suspension point (a
 *       construction of a class whose constructor is split counts, and so does a JDK call the rewrite
 *       redirects to a parking or blocking stand-in: a socket stream's read, {@code Thread.sleep}...).</li>
 * </ol>
 * The last question's answer may change as the agent learns ({@link PlainCallees} proves more calls
 * plain as it reads more classes) and differs between class loaders (each has its own instrumenter,
 * which found different classes). So the class's own rewrite answers it by a rule that reads nothing
 * but the calls ({@link #mayEverSuspend}: any call outside {@code java.}...) and a caller by its own
 * view: a call site redirected to {@code jgo$new} always finds it (the caller's set is a subset of the
 * class's), while a constructor split for nothing costs a factory and a body method that stay plain
 * (found by {@code FuzzRegressionTest}: a caller in the fuzzer's class loader was redirected to a
 * factory the class, rewritten for another loader, had not made). At build time both read the closure's
 * list, which is the same for all. Thread-safe: the views only grow.
 */
final class SplitConstructors {

    /** One constructor: its shape and the calls of its body ({owner, name, desc}). */
    private record Ctor(ConstructorShape.Verdict verdict, List<String[]> bodyCalls) {
    }

    /** What the predicate needs of one class. {@code factories}: the {@code jgo$new} descriptors of a class already rewritten. */
    private record View(boolean eligible, boolean rewritten, Set<String> factories, Map<String, Ctor> ctors) {
    }

    private static final View NONE = new View(false, false, Set.of(), Map.of());

    private final ClassBytes classBytes;
    private final Suspendables suspendables;
    private final BlockingCalls blocking;
    private final ClassInfoCache classes;
    private final Map<String, View> views = new ConcurrentHashMap<>();

    SplitConstructors(ClassBytes classBytes, Suspendables suspendables, BlockingCalls blocking, ClassInfoCache classes) {
        this.classes = classes;
        this.blocking = blocking;
        this.classBytes = classBytes;
        this.suspendables = suspendables;
    }

    /** A caller's question: does {@code new owner(desc)} in rewritten code become {@code owner.jgo$new}? */
    boolean callSplits(String owner, String desc) {
        return splits(owner, desc, true, new HashSet<>());
    }

    /**
     * The class's own question, on its node as read (before anything changed it): the verdict for each
     * constructor to split, by descriptor. {@code reasons} receives, for each constructor that cannot be
     * split and whose body calls a method known to suspend ({@code @Goroutine} or listed: a library's
     * constructor that merely calls into its own package is not worth a warning), why not.
     */
    Map<String, ConstructorShape.Verdict> toSplit(ClassNode cn, Map<String, String> reasons) {
        Map<String, ConstructorShape.Verdict> out = new HashMap<>();
        if (!inSplitPackage(cn.name)) {
            return out;
        }
        View view = views.computeIfAbsent(cn.name, n -> viewOf(cn));
        if (!view.eligible || view.rewritten) {
            return out;
        }
        for (Map.Entry<String, Ctor> e : view.ctors.entrySet()) {
            Ctor c = e.getValue();
            Set<String> visiting = new HashSet<>();
            visiting.add(cn.name + "." + e.getKey());
            if (!bodyMaySuspend(cn.name, e.getKey(), c, false, visiting)) {
                continue;
            }
            if (c.verdict.splittable()) {
                out.put(e.getKey(), c.verdict);
            } else if (callsKnownSuspending(c)) {
                reasons.put(e.getKey(), c.verdict.reason());
            }
        }
        return out;
    }

    /**
     * The classes of the packages {@code suspendable=} takes up, its default {@code *} (every class but the
     * JDK's and jgo's) included. Under {@code *} the agent also meets classes it never transforms although
     * their callers are (a test runner's, loaded while a transform ran on the same thread, or before the
     * agent: Surefire's {@code TestOutputReportEntry} in {@code FuzzRegressionTest}); a caller reaches the
     * factory through an {@code invokedynamic} that falls back to the constructor when the factory is
     * missing ({@link ConstructorCalls}), so such a class costs a pin where it parks, never a
     * {@code NoSuchMethodError}.
     */
    private boolean inSplitPackage(String owner) {
        return suspendables.packages().contains(owner);
    }

    /**
     * Is {@code owner} in a package named in {@code suspendable=} (not by {@code *})? A caller whose class file
     * cannot hold an {@code invokedynamic} (older than Java 7) calls the factory directly, and only there.
     */
    boolean inNamedPackage(String owner) {
        SuspendablePackages packages = suspendables.packages();
        return !packages.all() && packages.contains(owner);
    }

    private boolean callsKnownSuspending(Ctor c) {
        for (String[] call : c.bodyCalls) {
            if (suspendables.isKnownSuspendable(call[0], call[1], call[2])) {
                return true;
            }
        }
        return false;
    }

    private boolean splits(String owner, String desc, boolean narrowed, Set<String> visiting) {
        if (!inSplitPackage(owner) || !visiting.add(owner + "." + desc)) {
            return false;
        }
        View view = views.computeIfAbsent(owner, this::read);
        if (!view.eligible) {
            return false;
        }
        if (view.rewritten) {
            return view.factories.contains(desc);
        }
        Ctor c = view.ctors.get(desc);
        return c != null && c.verdict.splittable() && bodyMaySuspend(owner, desc, c, narrowed, visiting);
    }

    private boolean bodyMaySuspend(String owner, String desc, Ctor c, boolean narrowed, Set<String> visiting) {
        if (suspendables.isListed(owner, "<init>" + desc)) {
            return true;
        }
        if (suspendables.closed()) {
            return false; // the closure listed every constructor whose body reaches a suspension
        }
        for (String[] call : c.bodyCalls) {
            if (narrowed ? call[1].equals("<init>") ? splits(call[0], call[2], true, visiting)
                    : suspendables.isSuspensionPoint(call[0], call[1], call[2], true) || parksOnceRedirected(call[0], call[1], call[2])
                    : mayEverSuspend(call[0], call[1], call[2])) {
                return true;
            }
        }
        return false;
    }

    /**
     * The class's own rule, which must hold wherever any caller's does, whatever that caller's
     * instrumenter has learnt (each class loader has its own, and the agent's answers for a call into
     * the application depend on which classes it could read and when): every call outside
     * {@code java.}, and the calls of {@code java.} that any rule takes as a suspension point (a JDK
     * functional interface, JDBC's interfaces, a socket read or a blocking call the rewrite redirects).
     * It reads nothing but the call, so it answers the same in every loader.
     */
    private boolean mayEverSuspend(String owner, String name, String desc) {
        return suspendables.everyCall() || !owner.startsWith("java/") && !owner.startsWith("[")
                || Suspendables.isFunctionalJdkCall(owner, name) || Suspendables.isDriverInterfaceCall(owner)
                || parksOnceRedirected(owner, name, desc);
    }

    /**
     * A JDK call that the rewrite's first steps send to the runtime, where it may park: a read of a
     * socket's stream or reader ({@link SocketCalls}), or a blocking call ({@link BlockingCalls}).
     * A constructor that reads its greeting from a socket is the case that matters (a driver's).
     */
    boolean parksOnceRedirected(String owner, String name, String desc) {
        return PlainCallees.mayBeSocketCall(owner, name) || blocking.wraps(owner, name, desc);
    }

    private View read(String owner) {
        byte[] bytes;
        try {
            bytes = classBytes.find(owner);
            if (bytes == null) {
                return NONE;
            }
            ClassNode cn = new ClassNode();
            new ClassReader(bytes).accept(cn, ClassReader.SKIP_FRAMES);
            return viewOf(cn);
        } catch (RuntimeException unreadable) {
            return NONE;
        }
    }

    private View viewOf(ClassNode cn) {
        if (ClassRewriter.ownClassFileRead(cn) != null) {
            return NONE;
        }
        if (ClassRewriter.isRewritten(cn)) {
            Set<String> factories = new HashSet<>();
            for (MethodNode m : cn.methods) {
                if (m.name.equals(ConstructorSplit.FACTORY)) {
                    factories.add(m.desc.substring(0, m.desc.indexOf(')') + 1) + "V");
                }
            }
            return new View(true, true, factories, Map.of());
        }
        boolean serialHash = !declaresSerialVersionUid(cn) && maybeSerializable(cn.name, new HashSet<>());
        Map<String, Ctor> ctors = new HashMap<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<init>") && (m.access & Opcodes.ACC_SYNTHETIC) == 0) {
                ConstructorShape.Verdict verdict = serialHash ? new ConstructorShape.Verdict(-1, "its class is Serializable"
                        + " without a serialVersionUID, which the split's factory and fields would change")
                        : ConstructorShape.of(cn, m);
                ctors.put(m.desc, new Ctor(verdict, bodyCalls(m)));
            }
        }
        return new View(true, false, Set.of(), ctors);
    }

    /**
     * A {@code Serializable} class without a {@code serialVersionUID} gets one computed from its members
     * and their modifiers: a public {@code jgo$new} or a field that lost {@code final} would change it,
     * and data written by the program as it was would no longer read. A class on the way up that
     * cannot be found counts as serializable (the safe side, the same for the class and its callers).
     */
    private boolean maybeSerializable(String name, Set<String> seen) {
        if (name == null || name.equals("java/lang/Object") || !seen.add(name)) {
            return false;
        }
        if (name.equals("java/io/Serializable")) {
            return true;
        }
        ClassInfo info = classes.findQuietly(name);
        if (info == null) {
            return true;
        }
        if (maybeSerializable(info.superName, seen)) {
            return true;
        }
        for (String itf : info.interfaces) {
            if (maybeSerializable(itf, seen)) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresSerialVersionUid(ClassNode cn) {
        for (org.objectweb.asm.tree.FieldNode f : cn.fields) {
            if (f.name.equals("serialVersionUID") && (f.access & Opcodes.ACC_STATIC) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The calls after the constructor's first call on {@code this} (all of them if it has none). */
    private static List<String[]> bodyCalls(MethodNode init) {
        List<String[]> calls = new ArrayList<>();
        int pendingNews = 0;
        boolean afterSuper = false;
        for (AbstractInsnNode insn : init.instructions) {
            if (insn.getOpcode() == Opcodes.NEW) {
                pendingNews++;
            } else if (insn instanceof MethodInsnNode call) {
                if (!afterSuper && call.getOpcode() == Opcodes.INVOKESPECIAL && call.name.equals("<init>")) {
                    if (pendingNews == 0) {
                        afterSuper = true;
                        continue;
                    }
                    pendingNews--;
                }
                if (afterSuper) {
                    calls.add(new String[] {call.owner, call.name, call.desc});
                }
            }
        }
        return calls;
    }
}
