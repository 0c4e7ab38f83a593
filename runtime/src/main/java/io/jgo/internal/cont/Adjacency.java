package io.jgo.internal.cont;

import java.lang.StackWalker.StackFrame;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Decides whether a suspending frame may return to its caller, i.e. whether the frame directly
 * below it (ignoring {@code LambdaMetafactory} forwarders, which are transparent when they can take
 * the dummy result) is the rewritten call site that handed it the call-site id {@code via}. If not,
 * something that was not rewritten (a library's {@code Runnable}, a JDK {@code Function.andThen},
 * an override nobody rewrote, reflection, a constructor) sits in between and would run on with a
 * dummy return value: the goroutine must pin instead.
 *
 * <h2>Why a verdict may be cached, and under which key</h2>
 * The answer is found with a {@link StackWalker} and cached in a lock-free open-addressing table,
 * so the steady-state cost is one hash probe. A cached verdict must hold for every future call with
 * the same key, so the key must decide which method runs first below the call site:
 * <ul>
 * <li>a static or {@code invokespecial} site calls exactly one method: the key is (site, callee);</li>
 * <li>a virtual or interface site ({@link #VIRTUAL_SITE}) runs whatever the receiver's class
 *     dispatches to — the rewritten callee, a forwarder to it, or a wrapper or override that was not
 *     rewritten — so the key is (site, callee, receiver class). For a given class the dispatched
 *     method is fixed, and so is the verdict.</li>
 * </ul>
 * A walk that meets a class initializer between the two frames is not cached (it happens once).
 *
 * <h2>Walks run on a stack aside</h2>
 * A walk reflects on the frames' classes ({@code getDeclaredMethods} to see whether the rewrite changed
 * a class, a frame's {@code getMethodType}), which loads the classes their signatures name if nobody
 * loaded them yet: through the class's loader, on this thread, in the middle of the suspension. An
 * application's loader is application code, rewritten under the whole-application rule, and on the
 * goroutine's stack its call sites would read the unwind in progress as their own. So everything that
 * walks and reflects runs between {@link AsideStack#enter} and {@link AsideStack#leave}; the cached
 * verdict, the common case, does neither.
 * The call-site id itself is never stale (see {@code io.jgo.internal.Stack}'s class comment), so the frame below
 * really is inside the call the id was set for. Keys are 63-bit hashes of (site, callee, class id):
 * distinct keys colliding is a 2<sup>-63</sup> event per pair, accepted as the method ids themselves are hashes.
 */
public final class Adjacency {

    /** Bit of a call-site id (in its label half) marking a virtual or interface call whose receiver is in {@code Stack.callee}. */
    public static final long VIRTUAL_SITE = 1L << 30;
    /** Marks a call-site id whose caller shares its method id with another method of its class: nothing unwinds into it. */
    public static final long SHARED_ID_SITE = 1L << 29;


    /** The instrumenter's {@code RuntimeNames.HELPER_PREFIX}. */
    private static final String SAVE_HELPER_PREFIX = "$jgo$save$";
    private static final int TABLE_BITS = 15;
    private static final int MASK = (1 << TABLE_BITS) - 1;
    private static final long ADJACENT = 1L;
    /** Entries are {@code key | verdict}; keys have their low bit clear and are never 0. */
    private static final AtomicLongArray TABLE = new AtomicLongArray(1 << TABLE_BITS);

    /**
     * Descriptors need class references retained (JDK 21+ refuses {@code getDescriptor} otherwise);
     * forwarders are hidden frames, which a walker shows only when asked to.
     */
    private static final StackWalker WALKER = StackWalker.getInstance(java.util.Set.of(
            StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES));

    /** A small unique id per receiver class (hash codes of classes may collide; these do not). */
    private static final AtomicInteger NEXT_CLASS_ID = new AtomicInteger(1);
    private static final ClassValue<Integer> CLASS_IDS = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return NEXT_CLASS_ID.getAndIncrement();
        }
    };

    /**
     * Classes whose frames can be the call site a call-site id names: classes the rewrite changed
     * (they declare its synthetic save helpers) and the runtime's own hand-written ones. A method id
     * is a 32-bit hash, and different names share one ({@code "Aa"} and {@code "BB"} hash alike), so a
     * frame of library code whose id equals the caller's is not taken for the caller: the frames
     * below a suspension that are in no such class are exactly those that would run on with a dummy
     * value. Within a rewritten class the instrumenter rules out two methods sharing an id.
     */
    private static final ClassValue<Boolean> SITE_OWNERS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return isRuntimeClass(type) || isRewritten(type);
        }
    };

    private enum Verdict { ADJACENT, NOT_ADJACENT, NOT_ADJACENT_THIS_TIME }

    private Adjacency() {
    }

    /**
     * @param via  the call-site id the frame took in its prologue (0: not called from a rewritten site)
     * @param me   the suspending frame's method id
     * @param recv the receiver the call site left in {@code Stack.callee} (read only for virtual sites)
     */
    public static boolean adjacent(long via, int me, Object recv) {
        return adjacent(via, me, recv, false);
    }

    /**
     * As {@link #adjacent(long, int, Object)}; {@code leaf}: the frame is a hand-written leaf
     * primitive (its record's label is {@link Continuation#LEAF_LABEL}), standing at the line where
     * it suspends, which a dump then shows as its own.
     */
    static boolean adjacent(long via, int me, Object recv, boolean leaf) {
        boolean adjacent = verdict(via, me, recv, leaf);
        if (!adjacent) {
            if (via != 0) { // a pin without a call site is counted where it warns, in verdict
                PinSites.count(key(via, me, classId(via, recv)));
            }
            if (PinReport.ENABLED) {
                PinReport.pinned(describeCaller());
            }
        }
        return adjacent;
    }

    /**
     * A frame that saved its record with {@code label} to answer a preemption, at its prologue or a
     * loop head: the first time for that label, learns where it stands (the rewrite gives each of these
     * out-of-line blocks the line of the method's start or of its loop head), so that a dump names the
     * record with that line. Once per (method, label): one map look-up per preemption after that.
     */
    public static void learnPreempted(int me, int label) {
        if (!FrameNames.knows(me, label)) {
            Continuation installed = AsideStack.enter(); // a walk: see the class comment
            try {
                WALKER.walk(s -> s.dropWhile(Adjacency::isMachinery).findFirst())
                        .ifPresent(self -> FrameNames.learn(me, self, label));
            } finally {
                AsideStack.leave(installed);
            }
        }
    }

    /**
     * As {@link #adjacent(long, int, Object)} for an unwind a preemption started: a preemption is
     * advisory, so a frame that cannot unwind just carries on — neither a pin to count or report nor
     * a warning. A verdict not yet in the table is walked here without being stored, so that the one
     * warning of a real suspension at the same site is still printed when it comes.
     */
    public static boolean adjacentQuietly(long via, int me, Object recv) {
        if (via == 0) {
            return false;
        }
        if (via == Entry.LAZY_VIA) {
            return true;
        }
        long key = key(via, me, classId(via, recv));
        int i = (int) (key >>> 32 ^ key) & MASK;
        for (int probe = 0; probe < 16; probe++, i = (i + 1) & MASK) {
            long e = TABLE.get(i);
            if (e == 0) {
                break;
            }
            if ((e & ~ADJACENT) == key) {
                return (e & ADJACENT) != 0;
            }
        }
        return walk(via, me, false, key, true) == Verdict.ADJACENT;
    }

    private static boolean verdict(long via, int me, Object recv, boolean leaf) {
        if (via == Entry.LAZY_VIA) {
            return true; // re-entered alone by g0's resume entry, which returns straight to g0 (see Entry)
        }
        if (via == 0) {
            Continuation installed = AsideStack.enter(); // a walk: see the class comment
            try {
                warnNoSite(me);
            } finally {
                AsideStack.leave(installed);
            }
            return false;
        }
        return cachedOrWalked(via, me, recv, leaf);
    }

    /**
     * A frame {@code me} that no rewritten call site called is about to pin: names its caller, once per
     * calling site (so the caller is found each time, a stack walk; the frame pins right after, parking
     * its carrier, which costs far more than the walk). Runs aside (see the class comment).
     */
    private static void warnNoSite(int me) {
        List<StackFrame> frames = WALKER.walk(s -> s.dropWhile(Adjacency::isMachinery).limit(8).collect(Collectors.toList()));
        String self = frames.isEmpty() ? "?" : name(frames.get(0));
        StackFrame frame = frames.stream().skip(1).filter(f -> !isForwarder(f)).findFirst().orElse(null);
        String caller = describe(frame);
        String leftOut = frame == null ? null : LeftOut.reason(frame.getClassName());
        String notRewritten = frame == null || leftOut != null ? null
                : PinAdvice.notRewritten(frame, self, SITE_OWNERS.get(frame.getDeclaringClass()));
        // A forwarder right below: the call went through a functional interface; if it is not the JDK's,
        // that interface method, not annotated, is what made the call no suspension point.
        String through = frames.size() > 1 && isForwarder(frames.get(1)) ? PinAdvice.interfaceMethod(frames.get(1)) : null;
        String site = through != null ? through + " (called from " + caller + ")" : caller;
        // A Collections.synchronizedX(..) wrapper further down holds its monitor around the JDK's loop: name it.
        String wrapper = frames.stream().map(Adjacency::name).filter(PinAdvice::isSynchronizedWrapper).findFirst().orElse(null);
        PinSites.pinned("novia:" + caller + ":" + me, () -> site, () -> notRewritten != null ? notRewritten
                : "goroutine pinned: " + caller
                + " called a @Goroutine method without a suspension point (not a rewritten call site)"
                + (leftOut != null ? ": " + leftOut + "; its carrier blocks while it waits. Fix: " + LeftOut.fix(frame.getClassName())
                : through != null ? PinAdvice.throughInterface(through)
                : isInvoker(caller) ? INVOKER_NOTE + "; its carrier blocks while it waits. Fix: call the method directly"
                + " from @Goroutine code, or keep the suspension out of what is called reflectively"
                : caller.startsWith(RUNTIME_STREAM) ? RUNTIME_STREAM_NOTE
                : PinAdvice.isJdk(caller) ? streamNote() + "; its carrier blocks while it waits." + (wrapper != null
                ? PinAdvice.synchronizedWrapperFix(wrapper) : PinAdvice.jdkFix(caller))
                : frame != null && PinAdvice.constructorFix(frame) != null ? "; its carrier blocks while it waits."
                + PinAdvice.constructorFix(frame)
                : streamNote() + "; its carrier"
                + " blocks while it waits. Fix: annotate that method @Goroutine; if it is a library's, have its package"
                + " rewritten (suspendable=PACKAGE) or make the call from a plain loop in @Goroutine code instead"));
    }

    private static boolean cachedOrWalked(long via, int me, Object recv, boolean leaf) {
        long key = key(via, me, classId(via, recv));
        int i = (int) (key >>> 32 ^ key) & MASK;
        for (int probe = 0; probe < 16; probe++, i = (i + 1) & MASK) {
            long e = TABLE.get(i);
            if (e == 0) {
                Verdict verdict = walk(via, me, leaf, key, false);
                if (verdict != Verdict.NOT_ADJACENT_THIS_TIME) {
                    // Losing this CAS to another key only means the verdict is not cached this time; losing
                    // it to the same key stores the same verdict (see the class comment: it is fixed per key).
                    TABLE.compareAndSet(i, 0, key | (verdict == Verdict.ADJACENT ? ADJACENT : 0));
                }
                return verdict == Verdict.ADJACENT;
            }
            if ((e & ~ADJACENT) == key) {
                return (e & ADJACENT) != 0;
            }
        }
        return walk(via, me, leaf, key, false) == Verdict.ADJACENT; // table crowded: still correct, just slower
    }

    private static int classId(long via, Object recv) {
        return (via & VIRTUAL_SITE) != 0 ? CLASS_IDS.get(recv.getClass()) : 0;
    }

    private static long key(long via, int me, int classId) {
        long h = via * 0x9E3779B97F4A7C15L + me;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h += classId * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 32;
        h *= 0x94D049BB133111EBL;
        h ^= h >>> 29;
        return (h & ~ADJACENT) == 0 ? 2 : h & ~ADJACENT;
    }

    /**
     * Walks the real stack: the first frame outside the continuation machinery is the suspending
     * frame. A verdict not to unwind names its site once ({@link PinSites}, under the verdict's key),
     * unless {@code quiet} (a preemption's unwind, see {@link #adjacentQuietly}).
     */
    private static Verdict walk(long via, int me, boolean leaf, long key, boolean quiet) {
        Continuation installed = AsideStack.enter(); // see the class comment
        try {
            return walkAside(via, me, leaf, key, quiet);
        } finally {
            AsideStack.leave(installed);
        }
    }

    private static Verdict walkAside(long via, int me, boolean leaf, long key, boolean quiet) {
        List<StackFrame> frames = WALKER.walk(s -> s
                .dropWhile(Adjacency::isMachinery)
                .limit(8)
                .collect(Collectors.toList()));
        if (frames.size() < 2) {
            return Verdict.NOT_ADJACENT;
        }
        StackFrame self = frames.get(0);
        int below = 1;
        String unsafeForwarder = null;
        boolean factory = isConstructionFactory(self);
        while (below < frames.size() && (isForwarder(frames.get(below)) || factory && isInvokeAdapter(frames.get(below)))) {
            if (unsafeForwarder == null && isForwarder(frames.get(below)) && !survivesDummyResult(self, frames.get(below))) {
                unsafeForwarder = name(frames.get(below));
            }
            below++;
        }
        if (below == frames.size()) {
            return Verdict.NOT_ADJACENT;
        }
        StackFrame caller = frames.get(below);
        int callerId = (int) (via >>> 32);
        int site = (int) (via & ~(VIRTUAL_SITE | SHARED_ID_SITE));
        if ((via & SHARED_ID_SITE) != 0) {
            warnUnlessQuiet(quiet, key, () -> name(caller), () -> "goroutine pinned: " + name(self) + " cannot unwind into " + name(caller)
                    + ", which shares its method id with another method of its class; rename one of them");
            return Verdict.NOT_ADJACENT;
        }
        // A rewritten frame stands in its out-of-line save code here, whose line says nothing; a leaf
        // stands where it suspends. The caller stands at its call instruction: the call site's line.
        FrameNames.learn(me, self, leaf ? Continuation.LEAF_LABEL : 0);
        FrameNames.learn(callerId, caller, site);
        if (idOf(self) != me || idOf(caller) != callerId || !SITE_OWNERS.get(caller.getDeclaringClass())) {
            String leftOut = LeftOut.reason(caller.getClassName());
            String notRewritten = leftOut != null ? null : PinAdvice.notRewritten(caller, name(self), SITE_OWNERS.get(caller.getDeclaringClass()));
            warnUnlessQuiet(quiet, key, () -> name(caller) + " (" + caller.getFileName() + ":" + caller.getLineNumber() + ")",
                    () -> notRewritten != null ? notRewritten : "goroutine pinned: " + name(self)
                    + " cannot unwind into " + name(caller) + " (" + caller.getFileName() + ":" + caller.getLineNumber()
                    + "), which is not a rewritten @Goroutine call site" + (leftOut != null ? ": " + leftOut
                    + "; the carrier blocks instead. Fix: " + LeftOut.fix(caller.getClassName()) : isInvoker(name(caller)) ? INVOKER_NOTE
                    + "; the carrier blocks instead. Fix: call " + name(self) + " directly from @Goroutine code, or keep the"
                    + " suspension out of what is called reflectively" : name(caller).startsWith(RUNTIME_STREAM) ? RUNTIME_STREAM_NOTE
                    : PinAdvice.isJdk(caller.getClassName()) ? streamNote() + "; the carrier blocks instead." + PinAdvice.jdkFix(name(caller))
                    : PinAdvice.constructorFix(caller) != null ? "; the carrier blocks instead." + PinAdvice.constructorFix(caller)
                    : streamNote() + "; the carrier blocks instead. Fix: annotate "
                    + name(caller) + " @Goroutine; if it is a library's, have its package rewritten (suspendable=PACKAGE)"
                    + " or keep the suspension out of it (a plain loop instead of a stream); never park in a constructor"));
            return caller.getMethodName().equals("<clinit>") ? Verdict.NOT_ADJACENT_THIS_TIME : Verdict.NOT_ADJACENT;
        }
        if (unsafeForwarder != null) {
            String forwarder = unsafeForwarder;
            warnUnlessQuiet(quiet, key, () -> forwarder, () -> "goroutine pinned: the method reference forwarder "
                    + forwarder + " unboxes what " + name(self) + " returns, which has no value while it unwinds; "
                    + "declare the method's result as a primitive or a wrapper type to let it unwind");
            return Verdict.NOT_ADJACENT;
        }
        return Verdict.ADJACENT;
    }

    /** Names a site that cannot unwind ({@link PinSites#warn}), except during a preemption's unwind. */
    private static void warnUnlessQuiet(boolean quiet, long key, Supplier<String> site, Supplier<String> message) {
        if (!quiet) {
            PinSites.warn(key, site, message);
        }
    }

    /**
     * Can the forwarder take the dummy value the unwinding frame returns? It can box a primitive,
     * widen it, and cast a {@code null}; it cannot unbox a {@code null}. The rewrite returns a
     * boxed zero from methods whose result is a wrapper type, so only a reference result of another
     * type (say {@code Object} or {@code Number}) turned into a primitive cannot unwind.
     */
    private static boolean survivesDummyResult(StackFrame self, StackFrame forwarder) {
        Class<?> produced = self.getMethodType().returnType();
        Class<?> expected = forwarder.getMethodType().returnType();
        return !expected.isPrimitive() || expected == void.class // a Runnable over c::recv drops the result
                || produced.isPrimitive() || isWrapper(produced);
    }

    private static boolean isWrapper(Class<?> c) {
        return c == Integer.class || c == Long.class || c == Double.class || c == Float.class || c == Short.class
                || c == Byte.class || c == Character.class || c == Boolean.class;
    }

    private static String describeCaller() {
        Continuation installed = AsideStack.enter(); // a walk: see the class comment
        try {
            return describe(callerFrame());
        } finally {
            AsideStack.leave(installed);
        }
    }

    /** The frame that called the suspending one (forwarders skipped), or null. */
    private static StackFrame callerFrame() {
        return WALKER.walk(s -> s.dropWhile(Adjacency::isMachinery).skip(1).filter(f -> !isForwarder(f)).findFirst()).orElse(null);
    }

    /** {@code Class.method (File.java:line)}, marked as a stream's or reflection's; "?" for no frame. */
    private static String describe(StackFrame f) {
        String frame = f == null ? "?" : name(f) + " (" + f.getFileName() + ":" + f.getLineNumber() + ")";
        return frame.startsWith("java.util.stream.") ? frame + " [" + streamKind() + "]"
                : isInvoker(frame) ? frame + " [reflection]" : frame;
    }

    /** The runtime's own stream, which rewritten code gets in place of a collection's or an array's (io.jgo.internal.callback). */
    private static final String RUNTIME_STREAM = "io.jgo.internal.callback.SequentialStream.";

    /** The warning's reason when that stream's terminal operation was called from code that was not rewritten. */
    private static final String RUNTIME_STREAM_NOTE = "; reason: stream (the stream was made in @Goroutine code, but its"
            + " terminal operation was called from code that is not, so it runs the lambdas where they cannot unwind; its"
            + " carrier blocks while it waits. Fix: end the stream in the @Goroutine method that makes it)";

    /** The warning's reason when the frame that cannot be unwound into is a reflective invoker. */
    private static final String INVOKER_NOTE = "; reason: reflection (Method.invoke and the invokers of a"
            + " MethodHandle are the JDK's own frames, never rewritten call sites, so a suspension in a method called"
            + " through them pins; rewriting the method's package does not change that)";

    /**
     * Is {@code frame} (a name as {@link #name} gives it) one of the JDK's reflective invokers:
     * {@code Method.invoke}'s accessors, or a method handle's lambda forms and invokers?
     */
    static boolean isInvoker(String frame) {
        return frame.startsWith("jdk.internal.reflect.") || frame.startsWith("java.lang.invoke.")
                || frame.startsWith("java.lang.reflect.");
    }

    /** The warning's reason when a stream pipeline is on the way, else "". */
    private static String streamNote() {
        switch (streamKind()) {
            case "stream":
                return "; reason: stream (the JDK's stream pipelines are not rewritten, so a lambda that suspends inside"
                        + " one pins: a stream the JDK made (String.chars(), Files.lines()...), a Collector's own functions,"
                        + " a stream ended in another method than the one that made it; a sequential stream of a collection,"
                        + " an array, Stream.of/iterate/generate or IntStream.range/of/iterate... made and ended in rewritten"
                        + " code does not pin, and neither does a plain loop over the elements)";
            case "parallel stream":
                return "; reason: parallel stream (its lambdas run on ForkJoin threads, which are not goroutines, and on"
                        + " this carrier through frames nobody rewrote: a suspension blocks the thread it runs on; start"
                        + " goroutines instead of a parallel stream)";
            default:
                return "";
        }
    }

    /**
     * "stream" when a frame of {@code java.util.stream} is on this thread's stack, "parallel stream"
     * when a parallel evaluation runs it (a ForkJoin task of the stream framework), else "". Walks the
     * whole stack: only on the paths that warn or count a pin for the report.
     */
    static String streamKind() {
        return WALKER.walk(s -> {
            boolean stream = false;
            boolean forkJoin = false;
            for (java.util.Iterator<StackFrame> it = s.iterator(); it.hasNext(); ) {
                String c = it.next().getClassName();
                stream |= c.startsWith("java.util.stream.");
                forkJoin |= c.startsWith("java.util.concurrent.ForkJoin") || c.equals("java.util.stream.AbstractTask");
            }
            return !stream ? "" : forkJoin ? "parallel stream" : "stream";
        });
    }

    /** The continuation machinery, and the rewrite's synthetic save helpers ({@code $jgo$save$N}). */
    private static boolean isMachinery(StackFrame f) {
        Class<?> c = f.getDeclaringClass();
        return c == Adjacency.class || c == StackAccess.class || Continuation.class.isAssignableFrom(c) // Stack and its superclasses
                || f.getMethodName().startsWith("$jgo$");
    }

    /**
     * A split constructor's factory ({@code jgo$new}, static and synthetic), which rewritten code calls through
     * an {@code invokedynamic} ({@code io.jgo.internal.Constructions}): the JDK's adapters stand between the two.
     */
    private static boolean isConstructionFactory(StackFrame f) {
        return f.getMethodName().equals("jgo$new") && f.getDescriptor().endsWith(")L" + f.getClassName().replace('.', '/') + ";");
    }

    /**
     * The JDK's method-handle adapters between an {@code invokedynamic} bound to a direct method handle and its
     * target: the linker's and the direct handle's lambda forms ({@code Invokers$Holder.linkToTargetMethod},
     * {@code DirectMethodHandle$Holder.invokeStatic}, or a {@code LambdaForm$MH}/{@code $DMH} class spun for
     * them). They pass the target's result straight back (a reference, which takes the dummy {@code null} of an
     * unwinding factory) and keep nothing after it; a reflective call ({@code Method.invoke}) shows its
     * {@code jdk.internal.reflect} accessor below them, which is no call site, so it still pins.
     */
    private static boolean isInvokeAdapter(StackFrame f) {
        String c = f.getClassName();
        return c.startsWith("java.lang.invoke.") && (c.endsWith("$Holder") || c.startsWith("java.lang.invoke.LambdaForm$"));
    }

    /** {@code LambdaMetafactory} classes forward straight to the lambda body. */
    private static boolean isForwarder(StackFrame f) {
        return f.getDeclaringClass().isHidden() && f.getClassName().contains("$$Lambda");
    }

    /**
     * Declares a save helper of the rewrite ({@code $jgo$save$N}, private, static, synthetic; code
     * rewritten by hand, as tests do, declares one by that name to say it is).
     */
    private static boolean isRewritten(Class<?> type) {
        try {
            for (java.lang.reflect.Method m : type.getDeclaredMethods()) {
                if (m.getName().startsWith(SAVE_HELPER_PREFIX) && java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                    return true;
                }
            }
            return false;
        } catch (LinkageError e) {
            return false; // a signature names a missing class: not trusted, the goroutine pins (correct, slower)
        }
    }

    /**
     * A hand-written class of this runtime ({@code Select}, {@code Once}, {@code ErrGroup}, g0's
     * {@code Entry}, ...): under {@code io.jgo}, from the runtime's own loader, module and jar.
     */
    private static boolean isRuntimeClass(Class<?> type) {
        String p = type.getPackageName();
        return type.getClassLoader() == Adjacency.class.getClassLoader() && type.getModule() == Adjacency.class.getModule()
                && (p.equals("io.jgo") || p.startsWith("io.jgo."))
                && java.util.Objects.equals(codeSource(type), codeSource(Adjacency.class));
    }

    private static java.net.URL codeSource(Class<?> type) {
        java.security.CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null ? null : source.getLocation();
    }

    private static int idOf(StackFrame f) {
        return MethodIds.of(f.getClassName(), f.getMethodName(), f.getDescriptor());
    }

    private static String name(StackFrame f) {
        return f.getClassName() + "." + f.getMethodName();
    }
}
