package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The agent's cheap answer, before any closure, to "can this call into the application reach a
 * park?": no, when its target is known exactly and nothing its body calls can. Without it the
 * agent's whole-application rule takes every call into a suspendable package as a suspension point
 * (the agent sees one class at a time), so every method that calls any other method of the
 * application is rewritten: {@code StringUtils.isBlank} for its call of {@code isEmpty}.
 *
 * <p>A target is known exactly when the method the call names is declared by the class it names and
 * is {@code static}, {@code private} or {@code final}, or its class is {@code final}: no class loaded
 * later can put another body behind the call. Its body, read once per class through the loader that
 * defines the caller (the class-file bytes the JVM will define), is plain when each of its calls is:
 * <ul>
 *   <li>a constructor, or a JDK method that the rewrite neither redirects nor wraps and that calls no
 *       function it is given (nothing in {@code java.util.function}, no {@code Runnable},
 *       {@code Callable}, {@code Comparator}, {@code Iterator} or {@code Iterable} in its descriptor,
 *       no blocking call, nothing of {@code java.util.concurrent} or {@code java.lang.invoke}); code the
 *       JDK calls back runs under a JDK frame, which pins whatever its callers are;</li>
 *   <li>or another exactly known, not annotated, not listed application method that is plain itself.</li>
 * </ul>
 * Anything else (a virtual call that a later class may override, jgo's API, a class not found, an
 * {@code invokedynamic} other than a lambda's or a string concatenation's) leaves the call a
 * suspension point, as before. Recursion is answered as a least fixed point: a method met again while
 * its own answer is pending counts as plain, and the answers that relied on that are kept only if the
 * whole question comes out plain. A method found plain is left as written when nothing else in it can
 * suspend, so its loops have no preemption check, as a leaf method's never had.
 *
 * <p>Thread-safe: the caches are concurrent and only grow; each question keeps its own pending set.
 */
final class PlainCallees {

    /** Beyond this many methods looked at for one question, the answer is "may suspend" (the safe side). */
    private static final int BUDGET = 400;

    /** One method's body as far as this question goes. */
    private record Body(boolean exact, boolean opaque, List<String[]> calls) {
    }

    private static final Body UNKNOWN = new Body(false, true, List.of());

    private final ClassBytes classBytes;
    private final Suspendables suspendables;
    private final BlockingCalls blocking;
    /** Class name -> its methods' bodies ({@code name + desc} -> body); a class not found maps to an empty map. */
    private final Map<String, Map<String, Body>> bodies = new ConcurrentHashMap<>();
    /** {@code owner.name+desc} proven plain. Only grows. */
    private final Set<String> plain = ConcurrentHashMap.newKeySet();
    /** {@code owner.name+desc} found to call something that may suspend (a fact: the pending assumptions only ever err towards plain). */
    private final Set<String> maySuspend = ConcurrentHashMap.newKeySet();

    PlainCallees(ClassBytes classBytes, Suspendables suspendables, BlockingCalls blocking) {
        this.classBytes = classBytes;
        this.suspendables = suspendables;
        this.blocking = blocking;
    }

    /** Is this call into the application (owner, name, descriptor as written) proven to reach no park? */
    boolean provenPlain(String owner, String name, String desc) {
        String key = owner + "." + name + desc;
        if (plain.contains(key)) {
            return true;
        }
        if (maySuspend.contains(key)) {
            return false;
        }
        Question q = new Question();
        boolean answer = q.plainApp(owner, name + desc);
        if (q.exhausted) {
            return false; // too far to look: the safe side, not remembered as a fact
        }
        if (answer) {
            plain.addAll(q.tentative); // every pending assumption held: the whole chain is plain
        } else {
            maySuspend.add(key);
            maySuspend.addAll(q.pending); // each of them calls, through the others, what may suspend
        }
        return answer;
    }

    /** The state of one question: the methods pending on the way and those found plain meanwhile. */
    private final class Question {
        final Set<String> pending = new HashSet<>();
        final List<String> tentative = new ArrayList<>();
        int looked;
        boolean exhausted;

        boolean plainApp(String owner, String nameAndDesc) {
            String key = owner + "." + nameAndDesc;
            if (plain.contains(key) || pending.contains(key)) {
                return true;
            }
            if (maySuspend.contains(key)) {
                return false;
            }
            if (++looked > BUDGET) {
                exhausted = true;
                return false;
            }
            if (suspendables.isListed(owner, nameAndDesc)) {
                return false;
            }
            Body body = bodiesOf(owner).getOrDefault(nameAndDesc, UNKNOWN);
            if (!body.exact || body.opaque) {
                return false;
            }
            pending.add(key);
            for (String[] call : body.calls) {
                if (!plainCall(call[0], call[1], call[2])) {
                    return false; // stays pending: the question is answered "may suspend" anyway
                }
            }
            pending.remove(key);
            tentative.add(key);
            return true;
        }

        private boolean plainCall(String owner, String name, String desc) {
            if (name.equals("<init>") || owner.startsWith("[")) {
                return true; // the rewrite never takes a constructor call or an array's clone() as a suspension point
            }
            if (isJdk(owner)) {
                return plainJdkCall(owner, name, desc);
            }
            if (!suspendables.rewritesUnlisted(owner)) {
                return !suspendables.isSuspensionPoint(owner, name, desc); // jgo's own, or outside the packages
            }
            return plainApp(owner, name + desc);
        }
    }

    private boolean plainJdkCall(String owner, String name, String desc) {
        return !Suspendables.isFunctionalJdkCall(owner, name) && !blocking.wraps(owner, name, desc)
                && !mayBeSocketCall(owner, name)
                && !owner.startsWith("java/util/concurrent/") && !owner.startsWith("java/lang/invoke/")
                && !owner.equals("java/lang/Thread") && !takesFunction(desc);
    }

    /** The stream and reader types whose reads {@link SocketCalls} redirects. */
    private static final java.util.Set<String> SOCKET_READ_OWNERS = java.util.Set.of("java/io/InputStream",
            "java/io/BufferedInputStream", "java/io/DataInputStream", "java/io/FilterInputStream", "java/io/Reader",
            "java/io/InputStreamReader", "java/io/BufferedReader");

    /**
     * A call {@link SocketCalls} may send to the runtime's parking socket streams (a read of the
     * streams and readers it redirects, {@code ServerSocket.accept}): the rewritten method then
     * suspends in it. A method of an H2 {@code Transfer} that reads an int was proven plain, its
     * caller did not save its frame for the read, and every session pinned there.
     */
    static boolean mayBeSocketCall(String owner, String name) {
        return SOCKET_READ_OWNERS.contains(owner) && (name.startsWith("read") || name.equals("skip"))
                || owner.equals("java/net/ServerSocket") && name.equals("accept");
    }

    private static boolean takesFunction(String desc) {
        return desc.contains("Ljava/util/function/") || desc.contains("Ljava/lang/Runnable;")
                || desc.contains("Ljava/util/concurrent/Callable;") || desc.contains("Ljava/util/Comparator;")
                || desc.contains("Ljava/util/Iterator;") || desc.contains("Ljava/lang/Iterable;")
                || desc.contains("Ljava/util/Spliterator;") || desc.contains("Ljava/util/stream/");
    }

    private static boolean isJdk(String owner) {
        return owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("jdk/")
                || owner.startsWith("sun/") || owner.startsWith("com/sun/");
    }

    private Map<String, Body> bodiesOf(String owner) {
        Map<String, Body> known = bodies.get(owner);
        if (known != null) {
            return known;
        }
        Map<String, Body> read;
        try {
            byte[] bytes = classBytes.find(owner);
            read = bytes == null ? Map.of() : read(new ClassReader(bytes));
        } catch (RuntimeException unreadable) {
            read = Map.of();
        }
        Map<String, Body> raced = bodies.putIfAbsent(owner, read);
        return raced != null ? raced : read;
    }

    /** Each method's calls, whether its target is exact, and whether anything in it defeats the proof. */
    private static Map<String, Body> read(ClassReader reader) {
        Map<String, Body> out = new HashMap<>();
        boolean finalClass = (reader.getAccess() & Opcodes.ACC_FINAL) != 0;
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                boolean exact = finalClass || (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0;
                boolean[] opaque = {(access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0};
                List<String[]> calls = new ArrayList<>();
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public org.objectweb.asm.AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        if (RuntimeNames.marksSuspendable(annotation)) {
                            opaque[0] = true; // annotated: suspendable by definition
                        }
                        return null;
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String n, String d, boolean itf) {
                        calls.add(new String[] {owner, n, d});
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                        String factory = bsm.getOwner();
                        if (!factory.equals("java/lang/invoke/LambdaMetafactory")
                                && !factory.equals("java/lang/invoke/StringConcatFactory")) {
                            opaque[0] = true; // a bootstrap of its own may call anything
                        }
                    }

                    @Override
                    public void visitEnd() {
                        out.put(name + desc, new Body(exact, opaque[0], List.copyOf(calls)));
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out;
    }
}
