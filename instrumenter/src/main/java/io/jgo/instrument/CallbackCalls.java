package io.jgo.instrument;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Calls of the JDK's common higher-order methods whose function may suspend, redirected to the
 * runtime's suspendable equivalents ({@code io.jgo.internal.callback}), so that a suspension in the
 * function unwinds instead of pinning inside an unrewritten JDK frame:
 * <pre>
 *   invokeinterface List.forEach(Consumer)V  -> invokestatic IterableCalls.forEach(Iterable, Consumer)V
 *   invokevirtual   HashMap.merge(K, V, BiFunction)  -> invokestatic MapCalls.merge(Map, K, V, BiFunction)
 *   invokestatic    Collections.sort(List, Comparator)V -> invokestatic IterableCalls.sort(List, Comparator)V
 *   invokestatic    Comparator.comparing(Function)  -> invokestatic ComparatorCalls.comparing(Function)
 * </pre>
 * The receiver becomes the helper's first argument, so the operand stack is the same before and
 * after. The helper behaves as the receiver's own method (it calls it for a receiver whose
 * behaviour it does not reproduce), so the substitution is safe for any receiver; it is made only
 * where the function may suspend, so a call whose function cannot (a lambda or method reference
 * made right before the call, without a suspension point) keeps the JDK method and its speed. The
 * function is the call's last argument in every method matched; when the instruction before the
 * call is not the {@code invokedynamic} that makes it (a variable, a field), it may suspend.
 * {@code Comparator}'s default methods ({@code thenComparing*}, {@code reversed}) are redirected
 * whatever their argument: the receiver may be a comparator that suspends.
 *
 * <p>Streams: in a method where a function handed to a {@code Stream}, {@code IntStream},
 * {@code LongStream} or {@code DoubleStream} method may suspend, the stream sources
 * ({@code Collection.stream()}, {@code Stream.of}, {@code Arrays.stream(Object[])},
 * {@code Stream.iterate}/{@code generate}) and every terminal operation
 * ({@link RuntimeNames#STREAM_TERMINALS}) of the method go to {@code StreamCalls}, and the
 * primitive streams' sources ({@code IntStream.range}, {@code of}, {@code iterate}, {@code generate},
 * {@code Arrays.stream(int[])}...) and terminals ({@link RuntimeNames#PRIMITIVE_STREAM_TERMINALS}) to
 * {@code PrimitiveStreamSources} and {@code PrimitiveStreamCalls}, whose streams evaluate their
 * stages in rewritten code; a terminal operation of any other stream is the JDK's own there.
 * {@code parallelStream()} is left alone.
 *
 * <p>Collectors: a {@code Collectors} factory that takes a function ({@link #COLLECTOR_FACTORIES})
 * goes to {@code CollectorCalls} (same name and descriptor) unless each of its arguments is a
 * lambda made right before it that cannot suspend; its collector's functions then run from
 * rewritten frames, and the method's streams go to {@code StreamCalls} as above, so a suspending
 * classifier, mapper or merge function unwinds. A collector made in another method and handed in
 * is not seen here (its functions pin if they suspend). {@code groupingByConcurrent} and
 * {@code toConcurrentMap} stay the JDK's: a concurrent map holds a lock around the function.
 *
 * <p>Sorted collections: the methods of {@code TreeMap}, {@code TreeSet} and {@code PriorityQueue}
 * that compare ({@link #SORTED_METHODS}), called on a receiver declared as one of them or as
 * {@code NavigableMap}/{@code SortedMap}/{@code NavigableSet}/{@code SortedSet}, go to
 * {@code SortedCalls} or {@code QueueCalls} whatever their arguments (the comparator that may suspend
 * is the collection's); so do {@code Map}'s compute methods on such a receiver ({@code MapCalls}). The same
 * methods called through a receiver declared as a supertype the sorted collections share with others
 * ({@code Map}, {@code AbstractMap}, {@code Set}, {@code Queue}, {@code Collection}...; what a Java
 * programmer writes most: {@code Map<K, V> m = new TreeMap<>(cmp)}) go to {@code SortedDispatch}
 * ({@link #sortedDispatchOf}), which checks the receiver's class once and calls the sorted stand-in or
 * the receiver's own method. That is cheap enough to do for every such call of rewritten code: a
 * {@code HashMap} or {@code HashSet} pays one type check and a static call the JIT inlines (at a call
 * site that sees one class, the check folds into the class compare the interface call makes anyway),
 * with no allocation and no lock; a class the rewrite never takes up is not touched, so classes that
 * never meet a goroutine stay as cheap as before. These calls are redirected only in a method the
 * rewrite takes up anyway ({@link #apply}), and do not count as a reason to take one up (a lambda that
 * only {@code put}s into a {@code Map} is no function that may suspend), so the set of rewritten
 * methods is what it was: such a call in a method that only calls the JDK pins if the comparator
 * suspends (declare the receiver {@code TreeMap}/{@code NavigableMap}..., or annotate the method). A receiver declared as {@code List}, {@code Deque},
 * a concrete unsorted class or an application's own type cannot be a sorted collection and is left
 * alone; so is a call inside a {@code synchronized} method or between a method's first
 * {@code monitorenter} and last {@code monitorexit} (it would pin anyway, and a suspension point
 * there is reported). {@code Collections.min}/{@code max}/{@code binarySearch} and {@code Arrays.sort}
 * with a comparator that may suspend go to {@code SearchCalls} ({@link #SEARCHES}).
 * One pipeline step, after {@link BlockingCalls} and {@link OwnedLockCalls} have run on every
 * method of the class (a lambda whose {@code Thread.sleep} became a park may suspend).
 */
final class CallbackCalls {

    private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    /** A redirected method: the supertype its receiver must be, and the helper class. */
    private static final class Target {
        final String receiver;
        final String helper;

        Target(String receiver, String helper) {
            this.receiver = receiver;
            this.helper = helper;
        }
    }

    private static final String ITERABLE = "java/lang/Iterable";
    private static final String COLLECTION = "java/util/Collection";
    private static final String LIST = "java/util/List";
    private static final String MAP = "java/util/Map";
    private static final String OPTIONAL = "java/util/Optional";
    private static final String ITERATOR = "java/util/Iterator";
    private static final String COMPARATOR = "java/util/Comparator";

    /** name + descriptor (as on the receiver) -> target. */
    private static final Map<String, Target> METHODS = Map.ofEntries(
            Map.entry("forEach(Ljava/util/function/Consumer;)V", new Target(ITERABLE, RuntimeNames.ITERABLE_CALLS)),
            Map.entry("removeIf(Ljava/util/function/Predicate;)Z", new Target(COLLECTION, RuntimeNames.ITERABLE_CALLS)),
            Map.entry("replaceAll(Ljava/util/function/UnaryOperator;)V", new Target(LIST, RuntimeNames.ITERABLE_CALLS)),
            Map.entry("sort(Ljava/util/Comparator;)V", new Target(LIST, RuntimeNames.ITERABLE_CALLS)),
            Map.entry("forEach(Ljava/util/function/BiConsumer;)V", new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("computeIfAbsent(Ljava/lang/Object;Ljava/util/function/Function;)Ljava/lang/Object;",
                    new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("computeIfPresent(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("compute(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("merge(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("replaceAll(Ljava/util/function/BiFunction;)V", new Target(MAP, RuntimeNames.MAP_CALLS)),
            Map.entry("forEachRemaining(Ljava/util/function/Consumer;)V", new Target(ITERATOR, RuntimeNames.ITERABLE_CALLS)),
            Map.entry("filter(Ljava/util/function/Predicate;)Ljava/util/Optional;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("or(Ljava/util/function/Supplier;)Ljava/util/Optional;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("orElseThrow(Ljava/util/function/Supplier;)Ljava/lang/Object;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("map(Ljava/util/function/Function;)Ljava/util/Optional;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("flatMap(Ljava/util/function/Function;)Ljava/util/Optional;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("ifPresent(Ljava/util/function/Consumer;)V", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("ifPresentOrElse(Ljava/util/function/Consumer;Ljava/lang/Runnable;)V",
                    new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            Map.entry("orElseGet(Ljava/util/function/Supplier;)Ljava/lang/Object;", new Target(OPTIONAL, RuntimeNames.OPTIONAL_CALLS)),
            // Comparator's default methods: redirected whatever the argument, the receiver may be a suspending comparator
            Map.entry("thenComparing(Ljava/util/Comparator;)Ljava/util/Comparator;", new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("thenComparing(Ljava/util/function/Function;)Ljava/util/Comparator;",
                    new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("thenComparing(Ljava/util/function/Function;Ljava/util/Comparator;)Ljava/util/Comparator;",
                    new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("thenComparingInt(Ljava/util/function/ToIntFunction;)Ljava/util/Comparator;",
                    new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("thenComparingLong(Ljava/util/function/ToLongFunction;)Ljava/util/Comparator;",
                    new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("thenComparingDouble(Ljava/util/function/ToDoubleFunction;)Ljava/util/Comparator;",
                    new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)),
            Map.entry("reversed()Ljava/util/Comparator;", new Target(COMPARATOR, RuntimeNames.COMPARATOR_CALLS)));

    /**
     * The methods of the sorted collections that call the collection's comparator (or the keys'
     * {@code compareTo}), by the supertype the receiver must be: redirected whatever their arguments,
     * since the comparator that may suspend is the receiver's ({@code SortedCalls}, {@code QueueCalls}).
     */
    private static final Map<String, Set<String>> SORTED_METHODS = Map.of(
            "java/util/SortedMap", Set.of("get(Ljava/lang/Object;)Ljava/lang/Object;", "containsKey(Ljava/lang/Object;)Z",
                    "put(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", "remove(Ljava/lang/Object;)Ljava/lang/Object;",
                    "putIfAbsent(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Z",
                    "getOrDefault(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", "putAll(Ljava/util/Map;)V",
                    "remove(Ljava/lang/Object;Ljava/lang/Object;)Z",
                    "headMap(Ljava/lang/Object;)Ljava/util/SortedMap;", "tailMap(Ljava/lang/Object;)Ljava/util/SortedMap;",
                    "subMap(Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/SortedMap;"),
            "java/util/NavigableMap", Set.of("floorKey(Ljava/lang/Object;)Ljava/lang/Object;",
                    "ceilingKey(Ljava/lang/Object;)Ljava/lang/Object;", "higherKey(Ljava/lang/Object;)Ljava/lang/Object;",
                    "lowerKey(Ljava/lang/Object;)Ljava/lang/Object;", "floorEntry(Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "ceilingEntry(Ljava/lang/Object;)Ljava/util/Map$Entry;", "higherEntry(Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "lowerEntry(Ljava/lang/Object;)Ljava/util/Map$Entry;", "headMap(Ljava/lang/Object;Z)Ljava/util/NavigableMap;",
                    "tailMap(Ljava/lang/Object;Z)Ljava/util/NavigableMap;",
                    "subMap(Ljava/lang/Object;ZLjava/lang/Object;Z)Ljava/util/NavigableMap;"),
            "java/util/SortedSet", Set.of("add(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z", "remove(Ljava/lang/Object;)Z",
                    "addAll(Ljava/util/Collection;)Z", "containsAll(Ljava/util/Collection;)Z", "removeAll(Ljava/util/Collection;)Z",
                    "retainAll(Ljava/util/Collection;)Z", "headSet(Ljava/lang/Object;)Ljava/util/SortedSet;",
                    "tailSet(Ljava/lang/Object;)Ljava/util/SortedSet;", "subSet(Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/SortedSet;"),
            "java/util/NavigableSet", Set.of("floor(Ljava/lang/Object;)Ljava/lang/Object;",
                    "ceiling(Ljava/lang/Object;)Ljava/lang/Object;", "higher(Ljava/lang/Object;)Ljava/lang/Object;",
                    "lower(Ljava/lang/Object;)Ljava/lang/Object;", "headSet(Ljava/lang/Object;Z)Ljava/util/NavigableSet;",
                    "tailSet(Ljava/lang/Object;Z)Ljava/util/NavigableSet;",
                    "subSet(Ljava/lang/Object;ZLjava/lang/Object;Z)Ljava/util/NavigableSet;"),
            "java/util/PriorityQueue", Set.of("add(Ljava/lang/Object;)Z", "offer(Ljava/lang/Object;)Z", "poll()Ljava/lang/Object;",
                    "remove()Ljava/lang/Object;", "remove(Ljava/lang/Object;)Z", "addAll(Ljava/util/Collection;)Z"));
    /** Every method of {@link RuntimeNames#SORTED_DISPATCH_METHODS}, whatever its receiver: a first filter. */
    private static final Set<String> DISPATCHED = RuntimeNames.SORTED_DISPATCH_METHODS.values().stream()
            .flatMap(Set::stream).collect(java.util.stream.Collectors.toUnmodifiableSet());
    /** The receiver types of {@link RuntimeNames#SORTED_DISPATCH_METHODS}, most specific first. */
    private static final List<String> DISPATCH_RECEIVERS = List.of(MAP, "java/util/Set", "java/util/Queue", COLLECTION);
    /** The static searches and sorts that take a comparator (owner.name + descriptor): to {@code SearchCalls}, same descriptor. */
    private static final Set<String> SEARCHES = Set.of(
            "java/util/Collections.min(Ljava/util/Collection;Ljava/util/Comparator;)Ljava/lang/Object;",
            "java/util/Collections.max(Ljava/util/Collection;Ljava/util/Comparator;)Ljava/lang/Object;",
            "java/util/Collections.binarySearch(Ljava/util/List;Ljava/lang/Object;Ljava/util/Comparator;)I",
            "java/util/Arrays.sort([Ljava/lang/Object;Ljava/util/Comparator;)V");

    /** {@code Comparator}'s static factories that take a function, every overload: to {@code ComparatorCalls}, same descriptor. */
    private static final Set<String> COMPARATOR_FACTORIES = Set.of("comparing", "comparingInt", "comparingLong",
            "comparingDouble", "nullsFirst", "nullsLast");
    private static final String REVERSE_ORDER = "java/util/Collections.reverseOrder(Ljava/util/Comparator;)Ljava/util/Comparator;";

    /** Static stream sources (owner.name + descriptor) -> the {@code StreamCalls} helper of the same descriptor. */
    private static final Map<String, String> STREAM_FACTORIES = Map.of(
            "java/util/stream/Stream.of(Ljava/lang/Object;)Ljava/util/stream/Stream;", "of",
            "java/util/stream/Stream.of([Ljava/lang/Object;)Ljava/util/stream/Stream;", "of",
            "java/util/Arrays.stream([Ljava/lang/Object;)Ljava/util/stream/Stream;", "stream",
            "java/util/stream/Stream.iterate(Ljava/lang/Object;Ljava/util/function/UnaryOperator;)Ljava/util/stream/Stream;", "iterate",
            "java/util/stream/Stream.iterate(Ljava/lang/Object;Ljava/util/function/Predicate;Ljava/util/function/UnaryOperator;)"
                    + "Ljava/util/stream/Stream;", "iterate",
            "java/util/stream/Stream.generate(Ljava/util/function/Supplier;)Ljava/util/stream/Stream;", "generate");
    private static final String COLLECTION_STREAM = "stream()Ljava/util/stream/Stream;";
    /** {@code Arrays.stream} of an {@code int[]}, {@code long[]} or {@code double[]}, whole or a range. */
    private static final java.util.regex.Pattern PRIMITIVE_ARRAY = java.util.regex.Pattern.compile("\\(\\[[IJD](II)?\\).*");

    private static final String COLLECTORS = "java/util/stream/Collectors";
    /** The {@code Collectors} factories taking a function that {@code CollectorCalls} has, every overload. */
    static final Set<String> COLLECTOR_FACTORIES = Set.of("toCollection", "toMap", "toUnmodifiableMap", "groupingBy",
            "partitioningBy", "mapping", "flatMapping", "filtering", "collectingAndThen", "teeing", "minBy", "maxBy", "reducing",
            "summingInt", "summingLong", "summingDouble", "averagingInt", "averagingLong", "averagingDouble", "summarizingInt",
            "summarizingLong", "summarizingDouble");

    private static final String COLLECTIONS_SORT = "java/util/Collections.sort(Ljava/util/List;Ljava/util/Comparator;)V";

    private final ClassInfoCache classes;
    private final Suspendables suspendables;

    CallbackCalls(ClassInfoCache classes, Suspendables suspendables) {
        this.classes = classes;
        this.suspendables = suspendables;
    }

    /**
     * Redirects the calls of {@code m} (a method of {@code cn}) whose function may suspend; returns how
     * many. {@code suspendable}: {@code m} is {@code @Goroutine} or listed as suspendable. The
     * {@code SortedDispatch} calls ({@link #sortedDispatchOf}) are made only in a method the rewrite
     * takes up anyway (suspendable, or with a suspension point of its own or another redirected call),
     * so they never make the rewrite take up a method it would leave as javac wrote it.
     */
    int apply(ClassNode cn, MethodNode m, boolean suspendable) {
        if (cn.name.startsWith(RuntimeNames.CALLBACK_PACKAGE)) {
            return 0; // the helpers themselves: their calls of the receiver's own method must stay
        }
        int redirected = 0;
        boolean streams = hasSuspendingStreamCall(cn, m, null);
        boolean rewrittenAnyway = suspendable || MethodRewriter.hasSuspensionPoint(m, suspendables);
        List<MethodInsnNode> dispatches = new java.util.ArrayList<>();
        boolean synchronizedMethod = (m.access & Opcodes.ACC_SYNCHRONIZED) != 0;
        int monitors = 0; // > 0 from the method's first monitorenter to its last monitorexit (in instruction order)
        int exitsLeft = countOpcode(m, Opcodes.MONITOREXIT);
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == Opcodes.MONITORENTER) {
                monitors++;
            } else if (insn.getOpcode() == Opcodes.MONITOREXIT && --exitsLeft == 0) {
                monitors = 0;
            }
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode call = (MethodInsnNode) insn;
                String helper = helperOf(call);
                MethodInsnNode stream;
                MethodInsnNode dispatch;
                if (helper != null && functionMaySuspend(cn, call, new HashSet<>())) {
                    m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, helper, call.name,
                            helperDesc(call), false));
                    redirected++;
                } else if (!synchronizedMethod && monitors == 0 && (dispatch = sortedDispatchOf(call)) != null) {
                    dispatches.add(call); // made below, if the method is rewritten anyway
                } else if (isCollectorFactory(call) && argumentsMaySuspend(cn, call, new HashSet<>())) {
                    m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.COLLECTOR_CALLS, call.name,
                            call.desc, false));
                    redirected++;
                } else if (streams && (stream = streamHelperOf(call)) != null) {
                    m.instructions.set(call, stream);
                    redirected++;
                }
            }
        }
        if (rewrittenAnyway || redirected > 0) {
            for (MethodInsnNode call : dispatches) {
                m.instructions.set(call, sortedDispatchOf(call));
                redirected++;
            }
        }
        return redirected;
    }

    private static int countOpcode(MethodNode m, int opcode) {
        int n = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == opcode) {
                n++;
            }
        }
        return n;
    }

    /**
     * The {@code SortedDispatch} call that stands in for {@code call}, a comparing method of
     * {@code TreeMap}, {@code TreeSet} or {@code PriorityQueue} (or {@code Map}'s compute methods)
     * called through a receiver declared as a supertype they share with other collections
     * ({@code Map}, {@code AbstractMap}, {@code Set}, {@code Queue}, {@code Collection}...); null for
     * any other call, a receiver declared sorted ({@link #SORTED_METHODS}), or one whose type cannot
     * be a {@code TreeMap}, {@code TreeSet} or {@code PriorityQueue} ({@code List}, {@code Deque},
     * {@code HashMap}, an interface of the application). The helper's receiver type is one the
     * declared receiver is a subtype of.
     */
    private MethodInsnNode sortedDispatchOf(MethodInsnNode call) {
        int op = call.getOpcode();
        String method = call.name + call.desc;
        if (op != Opcodes.INVOKEINTERFACE && op != Opcodes.INVOKEVIRTUAL || !DISPATCHED.contains(method)
                || isSubtype(call.owner, "java/util/SortedMap", new HashSet<>())
                || isSubtype(call.owner, "java/util/SortedSet", new HashSet<>())
                || isSubtype(call.owner, "java/util/PriorityQueue", new HashSet<>())) {
            return null;
        }
        boolean tree = isSubtype("java/util/TreeMap", call.owner, new HashSet<>());
        boolean set = isSubtype("java/util/TreeSet", call.owner, new HashSet<>());
        boolean queue = isSubtype("java/util/PriorityQueue", call.owner, new HashSet<>());
        if (!tree && !set && !queue) {
            return null;
        }
        for (String receiver : DISPATCH_RECEIVERS) {
            if (isSubtype(call.owner, receiver, new HashSet<>())) {
                if (!RuntimeNames.SORTED_DISPATCH_METHODS.get(receiver).contains(method)
                        || suspendables.isSuspensionPoint(call.owner, call.name, call.desc)) {
                    return null;
                }
                return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.SORTED_DISPATCH, call.name,
                        "(L" + receiver + ";" + call.desc.substring(1), false);
            }
        }
        return null;
    }

    /**
     * Is a function handed to a {@code Stream} method of {@code m} one that may suspend? {@code seen}:
     * the lambda bodies already on the way (null: none, each call is asked afresh).
     */
    private boolean hasSuspendingStreamCall(ClassNode cn, MethodNode m, Set<String> seen) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode call = (MethodInsnNode) insn;
                if (isStreamType(call.owner) && (call.getOpcode() == Opcodes.INVOKEINTERFACE || call.getOpcode() == Opcodes.INVOKESTATIC)
                        && takesFunction(call.desc) && functionMaySuspend(cn, call, seen == null ? new HashSet<>() : seen)) {
                    return true; // (a stage or terminal of any of the four streams; iterate and generate)
                }
                if (isStreamType(call.owner) && call.name.equals("iterate") && Type.getArgumentTypes(call.desc).length == 3) {
                    return true; // its hasNext is not the last argument: taken as one that may suspend
                }
                if (isCollectorFactory(call) && argumentsMaySuspend(cn, call, seen == null ? new HashSet<>() : seen)) {
                    return true; // its collector's functions run where the stream collects: the runtime's stream
                }
            }
        }
        return false;
    }

    /** Is {@code call} one of the {@code Collectors} factories {@code CollectorCalls} stands in for? */
    private static boolean isCollectorFactory(MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals(COLLECTORS) && COLLECTOR_FACTORIES.contains(call.name);
    }

    /**
     * May a function handed to {@code call} (a {@code Collectors} factory, or a method taking two
     * functions) suspend? No only when each
     * of its arguments is made by one of the {@code invokedynamic}s right before it (nothing between
     * them) and none of their implementations can suspend; a downstream collector, a captured value
     * or a function from a variable answers yes.
     */
    private boolean argumentsMaySuspend(ClassNode cn, MethodInsnNode call, Set<String> seen) {
        AbstractInsnNode prev = call;
        for (int n = Type.getArgumentTypes(call.desc).length; n > 0; n--) {
            prev = prev.getPrevious();
            while (prev != null && prev.getOpcode() < 0) {
                prev = prev.getPrevious();
            }
            if (!(prev instanceof InvokeDynamicInsnNode)) {
                return true;
            }
            InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) prev;
            if (!indy.bsm.getOwner().equals(LAMBDA_METAFACTORY) || indy.bsmArgs.length < 3
                    || !(indy.bsmArgs[1] instanceof Handle) || Type.getArgumentTypes(indy.desc).length > 0
                    || implMaySuspend(cn, (Handle) indy.bsmArgs[1], seen)) {
                return true;
            }
        }
        return false;
    }

    /** {@code Stream}, {@code IntStream}, {@code LongStream} or {@code DoubleStream}? */
    private static boolean isStreamType(String owner) {
        return owner.equals(RuntimeNames.STREAM) || RuntimeNames.PRIMITIVE_STREAMS.contains(owner);
    }

    /** Is the last argument a function ({@code java.util.function}, {@code Comparator}, a primitive stream's {@code mapMulti} consumer)? */
    private static boolean takesFunction(String desc) {
        Type[] args = Type.getArgumentTypes(desc);
        if (args.length == 0) {
            return false;
        }
        String last = args[args.length - 1].getDescriptor();
        return last.startsWith("Ljava/util/function/") || last.equals("Ljava/util/Comparator;")
                || last.startsWith("Ljava/util/stream/") && last.endsWith("MapMultiConsumer;");
    }

    /** The {@code StreamCalls} call that stands for {@code call} (a stream source or terminal operation), or null. */
    private MethodInsnNode streamHelperOf(MethodInsnNode call) {
        int op = call.getOpcode();
        if (op == Opcodes.INVOKESTATIC) {
            String helper = STREAM_FACTORIES.get(call.owner + "." + call.name + call.desc);
            if (helper != null) {
                return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.STREAM_CALLS, helper, call.desc, false);
            }
            boolean primitive = RuntimeNames.PRIMITIVE_STREAMS.contains(call.owner)
                    && RuntimeNames.PRIMITIVE_STREAM_FACTORIES.contains(call.name)
                    || call.owner.equals("java/util/Arrays") && call.name.equals("stream") && PRIMITIVE_ARRAY.matcher(call.desc).matches();
            return primitive ? new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.PRIMITIVE_STREAM_SOURCES, call.name, call.desc, false)
                    : null;
        }
        if (op != Opcodes.INVOKEINTERFACE && op != Opcodes.INVOKEVIRTUAL) {
            return null;
        }
        if (call.owner.equals(RuntimeNames.STREAM) && RuntimeNames.STREAM_TERMINALS.contains(call.name + call.desc)) {
            return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.STREAM_CALLS, call.name,
                    RuntimeNames.streamHelperDesc(call.desc), false);
        }
        if (RuntimeNames.PRIMITIVE_STREAMS.contains(call.owner) && RuntimeNames.PRIMITIVE_STREAM_TERMINALS.contains(call.name)) {
            return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.PRIMITIVE_STREAM_CALLS, call.name,
                    "(L" + call.owner + ";" + call.desc.substring(1), false);
        }
        if ((call.name + call.desc).equals(COLLECTION_STREAM) && isSubtype(call.owner, COLLECTION, new HashSet<>())
                && !suspendables.isSuspensionPoint(call.owner, call.name, call.desc)) {
            return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.STREAM_CALLS, "stream",
                    "(L" + COLLECTION + ";)L" + RuntimeNames.STREAM + ";", false);
        }
        return null;
    }

    /**
     * Would a call of {@code owner.name desc} (an instance method of a JDK type, or a static one) whose
     * function may suspend go to a suspendable helper, or to the runtime's stream (a terminal
     * operation of {@code Stream}, or a stream source)? For the test that enumerates the JDK's
     * higher-order methods ({@code JdkHigherOrderMethodsTest}).
     */
    boolean redirects(String owner, String name, String desc, boolean isStatic, boolean isInterface) {
        int op = isStatic ? Opcodes.INVOKESTATIC : isInterface ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
        MethodInsnNode call = new MethodInsnNode(op, owner, name, desc, isInterface);
        return helperOf(call) != null || streamHelperOf(call) != null || isCollectorFactory(call) || sortedDispatchOf(call) != null;
    }

    /** The helper class for {@code call}, or null when it is not one of the redirected methods. */
    private String helperOf(MethodInsnNode call) {
        int op = call.getOpcode();
        if (op == Opcodes.INVOKESTATIC) {
            String key = call.owner + "." + call.name + call.desc;
            if (key.equals(COLLECTIONS_SORT)) {
                return RuntimeNames.ITERABLE_CALLS;
            }
            if (SEARCHES.contains(key)) {
                return RuntimeNames.SEARCH_CALLS;
            }
            boolean comparator = call.owner.equals(COMPARATOR) && COMPARATOR_FACTORIES.contains(call.name);
            return comparator || key.equals(REVERSE_ORDER) ? RuntimeNames.COMPARATOR_CALLS : null;
        }
        if (op != Opcodes.INVOKEINTERFACE && op != Opcodes.INVOKEVIRTUAL) {
            return null; // invokespecial: a subclass's super.forEach(...) is the override's business
        }
        Target t = targetOf(call);
        if (t == null) {
            return null;
        }
        // a class of the application that declares the method @Goroutine is called as it is
        return suspendables.isSuspensionPoint(call.owner, call.name, call.desc) ? null : t.helper;
    }

    /** The redirect of an instance method {@code call}, from {@link #METHODS} or {@link #SORTED_METHODS}; null when none. */
    private Target targetOf(MethodInsnNode call) {
        Target t = METHODS.get(call.name + call.desc);
        if (t != null && isSubtype(call.owner, t.receiver, new HashSet<>())) {
            return t;
        }
        String sorted = sortedReceiverOf(call);
        if (sorted == null) {
            return null;
        }
        return new Target(sorted, sorted.equals("java/util/PriorityQueue") ? RuntimeNames.QUEUE_CALLS : RuntimeNames.SORTED_CALLS);
    }

    /** The supertype of {@link #SORTED_METHODS} that {@code call}'s receiver is and whose comparing method it calls, or null. */
    private String sortedReceiverOf(MethodInsnNode call) {
        if (call.getOpcode() == Opcodes.INVOKESTATIC || call.getOpcode() == Opcodes.INVOKESPECIAL) {
            return null;
        }
        String method = call.name + call.desc;
        for (Map.Entry<String, Set<String>> e : SORTED_METHODS.entrySet()) {
            if (e.getValue().contains(method) && isSubtype(call.owner, e.getKey(), new HashSet<>())) {
                return e.getKey();
            }
        }
        return null;
    }

    private String helperDesc(MethodInsnNode call) {
        if (call.getOpcode() == Opcodes.INVOKESTATIC) {
            return call.desc;
        }
        return "(L" + targetOf(call).receiver + ";" + call.desc.substring(1);
    }

    /**
     * May the function passed to {@code call} (its last argument) suspend? No only when it is made
     * by the {@code invokedynamic} right before the call and its implementation cannot suspend
     * ({@code Optional.ifPresentOrElse}: both functions, {@link #argumentsMaySuspend}).
     */
    private boolean functionMaySuspend(ClassNode cn, MethodInsnNode call, Set<String> seen) {
        if (call.name.equals("ifPresentOrElse")) {
            return argumentsMaySuspend(cn, call, seen); // two functions
        }
        Target t = call.getOpcode() == Opcodes.INVOKESTATIC ? null : METHODS.get(call.name + call.desc);
        if (t != null && t.receiver.equals(COMPARATOR)) {
            return true; // the receiver is a comparator that may suspend, whatever the argument
        }
        if (call.getOpcode() != Opcodes.INVOKESTATIC && (sortedReceiverOf(call) != null
                || t != null && t.receiver.equals(MAP) && isSubtype(call.owner, "java/util/SortedMap", new HashSet<>()))) {
            return true; // a sorted collection's comparator may suspend, whatever the argument (MapCalls: its get and put)
        }
        AbstractInsnNode prev = call.getPrevious();
        while (prev != null && prev.getOpcode() < 0) {
            prev = prev.getPrevious(); // labels, line numbers, frames
        }
        if (!(prev instanceof InvokeDynamicInsnNode)) {
            return true;
        }
        InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) prev;
        if (!indy.bsm.getOwner().equals(LAMBDA_METAFACTORY) || indy.bsmArgs.length < 3
                || !(indy.bsmArgs[1] instanceof Handle)) {
            return true;
        }
        return implMaySuspend(cn, (Handle) indy.bsmArgs[1], seen);
    }

    private boolean implMaySuspend(ClassNode cn, Handle impl, Set<String> seen) {
        if (impl.getTag() == Opcodes.H_NEWINVOKESPECIAL) {
            return false; // a constructor reference: constructors are never rewritten
        }
        if (suspendables.isSuspensionPoint(impl.getOwner(), impl.getName(), impl.getDesc())) {
            return true;
        }
        if (!impl.getOwner().equals(cn.name)) {
            return false;
        }
        String key = impl.getName() + impl.getDesc();
        if (!seen.add(key)) {
            return false; // a lambda that passes itself on: decided by its other calls
        }
        for (MethodNode body : (List<MethodNode>) cn.methods) {
            if ((body.name + body.desc).equals(key)) {
                return MethodRewriter.hasSuspensionPoint(body, suspendables) || hasRedirectable(cn, body, seen);
            }
        }
        return false;
    }

    /** Does {@code body} make a call this step redirects (so it will suspend through a helper)? */
    private boolean hasRedirectable(ClassNode cn, MethodNode body, Set<String> seen) {
        if (hasSuspendingStreamCall(cn, body, seen)) {
            return true; // (a Collectors factory whose function may suspend included)
        }
        for (AbstractInsnNode insn : body.instructions) {
            if (insn instanceof MethodInsnNode && helperOf((MethodInsnNode) insn) != null
                    && functionMaySuspend(cn, (MethodInsnNode) insn, seen)) {
                return true;
            }
        }
        return false;
    }

    /** Is {@code type} {@code target} or a subtype of it? A class that cannot be found is taken as not one. */
    private boolean isSubtype(String type, String target, Set<String> seen) {
        if (type == null || type.startsWith("[") || !seen.add(type)) {
            return false;
        }
        if (type.equals(target)) {
            return true;
        }
        ClassInfo info;
        try {
            info = classes.get(type);
        } catch (RuntimeException unreadable) {
            return false;
        }
        if (info == null) {
            return false;
        }
        if (isSubtype(info.superName, target, seen)) {
            return true;
        }
        for (String itf : info.interfaces) {
            if (isSubtype(itf, target, seen)) {
                return true;
            }
        }
        return false;
    }
}
