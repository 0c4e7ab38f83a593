package io.jgo.instrument;

import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * Every name of the runtime that rewritten code refers to, in one place. The instrumenter never
 * imports the runtime (the agent jar must not carry a second copy of {@code io.jgo}); these
 * constants must follow {@code io.jgo.internal.Stack}, whose class comment describes the protocol.
 */
final class RuntimeNames {

    static final String GOROUTINE_DESC = "Lio/jgo/Goroutine;";
    /**
     * {@code io.jgo.test.GoTest} (jgo-test): a test method whose body jgo-test runs as a bubble's
     * main goroutine is suspendable as if it were annotated {@code @Goroutine} too.
     */
    static final String GO_TEST_DESC = "Lio/jgo/test/GoTest;";

    /** Does an annotation of this descriptor make its method suspendable? */
    static boolean marksSuspendable(String annotationDesc) {
        return GOROUTINE_DESC.equals(annotationDesc) || GO_TEST_DESC.equals(annotationDesc);
    }
    /** Invisible annotation added to every rewritten class, so it is never rewritten twice. */
    static final String REWRITTEN_DESC = "Lio/jgo/internal/Rewritten;";
    /** Packages of the runtime itself, whose primitives are hand-written and never rewritten. */
    static final String RUNTIME_PACKAGE = "io/jgo/";
    static final String RUNTIME_INTERNAL_PREFIX = "io/jgo/internal/";
    /** The runtime's network package: hand-written leaves (reads, writes, accept, dial) like the primitives. */
    static final String RUNTIME_NET_PREFIX = "io/jgo/net/";

    /** Suspendable stand-ins for {@code Future.get} and {@code CompletableFuture.join} ({@link BlockingCalls}): {@code get(Future[, J, TimeUnit])}, {@code join(CompletableFuture)}. */
    static final String FUTURES = "io/jgo/internal/blocking/Futures";
    /** Suspendable stand-ins for {@code SocketChannel.read/write} and {@code ServerSocketChannel.accept} ({@link BlockingCalls}). */
    static final String CHANNEL_CALLS = "io/jgo/internal/blocking/ChannelCalls";
    /** Suspendable stand-in for {@code HttpClient.send} ({@link BlockingCalls}): {@code send(HttpClient, HttpRequest, BodyHandler)}. */
    static final String HTTP_CLIENT_CALLS = "io/jgo/internal/callback/HttpClientCalls";
    static final String HTTP_CLIENT_SEND = "send";
    static final String HTTP_CLIENT_SEND_DESC =
            "(Ljava/net/http/HttpRequest;Ljava/net/http/HttpResponse$BodyHandler;)Ljava/net/http/HttpResponse;";

    /** Suspendable stand-ins for {@code Process.waitFor()} and {@code waitFor(J, TimeUnit)} ({@link BlockingCalls}): the process first. */
    static final String PROCESS_CALLS = "io/jgo/internal/callback/ProcessCalls";
    static final String PROCESS_WAIT_FOR = "waitFor";

    static final String STACK = "io/jgo/internal/Stack";
    static final String STACK_DESC = "L" + STACK + ";";
    static final String CURRENT = "current";
    static final String CURRENT_DESC = "()" + STACK_DESC;
    static final String ATTENTION = "attention";
    static final String CALL_SITE = "callSite";
    /** () -> long: the prologue takes the call-site handshake (reads and clears it). */
    static final String TAKE_CALL_SITE = "takeCallSite";
    /**
     * {@code io.jgo.internal.cont.Leaf}: marks a {@code @Goroutine} method of the runtime that
     * takes the handshake itself, through {@link #LEAF_PARK}: the runtime's build leaves it as written.
     */
    static final String LEAF_DESC = "Lio/jgo/internal/cont/Leaf;";
    /** The one class that speaks the leaf protocol, and its method every leaf calls first. */
    static final String LEAF_PARK = "io/jgo/internal/cont/LeafPark";
    static final String LEAF_PARK_METHOD = "$jgo$park";
    /** () -> boolean: after a suspendable call, clears the handshake and returns whether the call is unwinding. */
    static final String AFTER_CALL = "afterCall";
    /** () -> int: a loop head's opaque read of the attention word. */
    static final String POLL_ATTENTION = "pollAttention";
    /** Second handshake word: the receiver of a virtual or interface call site. */
    static final String CALLEE = "callee";
    /** Bit of a call-site id marking a virtual or interface site (its receiver is in {@link #CALLEE}). */
    static final long VIRTUAL_SITE = 1L << 30;
    /**
     * Bit of a call-site id whose caller shares its method id with another method of its class:
     * the runtime cannot tell the two frames apart, so nothing called there unwinds into it (it pins).
     */
    static final long SHARED_ID_SITE = 1L << 29;
    /** (int me) -> label to resume at, preempt, or 0. */
    static final String ON_ATTENTION = "onAttention";
    static final String ON_ATTENTION_DESC = "(I)I";
    /** () -> boolean: a loop head saw attention; is it a preemption request to answer? */
    static final String ON_POLL = "onPoll";
    /** First call of every exception handler in rewritten code. */
    static final String ON_CATCH = "onCatch";
    /** Save helpers call, in order: {@code pushFrame(me, label, nPrims, nRefs, resumer)}, the {@code saveX}s, then one of the two below. */
    static final String PUSH_FRAME = "pushFrame";
    static final String PUSH_FRAME_DESC = "(IIIILio/jgo/internal/Resumer;)V";
    /** (long via, int me, Object recv) -> may the frame return to its caller? If not, it has pinned. */
    static final String UNWIND_OR_PIN = "unwindOrPin";
    /** (long via, int me, Object recv) -> start a preemption unwind (or drop the record and carry on). */
    static final String START_PREEMPT = "startPreempt";
    static final String VIA_ME_DESC = "(JILjava/lang/Object;)Z";
    static final String PIN_HERE = "pinHere";
    static final String PIN_HERE_DESC = "(Ljava/lang/String;)V";
    /** Prefix of the synthetic save helpers; the runtime's stack walk treats such frames as machinery. */
    static final String HELPER_PREFIX = "$jgo$save$";
    /** {@code Stack.onAttention()} result asking the prologue to yield (preemption). */
    static final int PREEMPT_NOW = -1;

    // Lazy resume (see io.jgo.internal.cont.Entry): each rewritten class gets a resume entry and a resumer.

    /** {@code static void $jgo$resume(Stack s, int me)}: re-enters, alone, the frame of method {@code me} on top of {@code s}. */
    static final String RESUME_ENTRY = "$jgo$resume";
    static final String RESUME_ENTRY_DESC = "(" + STACK_DESC + "I)V";
    /**
     * The private static method that returns the class's {@code io.jgo.internal.Resumer} (the save
     * helpers hand it to {@code pushFrame}), and in a class (not an interface) the private static
     * field where that method keeps it once made.
     */
    static final String RESUMER_FIELD = "$jgo$resumer";
    static final String RESUMER_DESC = "Lio/jgo/internal/Resumer;";
    static final String RESUMERS = "io/jgo/internal/Resumers";
    static final String RESUMERS_OF = "of";
    /** (Lookup, String ids) -> the class's resumer, registered for its methods' ids (hexadecimal, comma-separated). */
    static final String RESUMERS_OF_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;)" + RESUMER_DESC;
    /**
     * The bootstrap of a rewritten construction {@code invokedynamic new(A)C} ({@link ConstructorCalls}): links
     * {@code C.jgo$new(A)} when {@code C} declares it, else the constructor {@code C(A)}.
     */
    static final String CONSTRUCTIONS = "io/jgo/internal/Constructions";
    static final String CONSTRUCTIONS_BOOTSTRAP = "factoryOrConstructor";
    static final String CONSTRUCTIONS_BOOTSTRAP_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";
    /** (int slot) -> Object: a reference of the top record, left in place (the receiver to re-enter). */
    static final String PEEK_REF = "peekRef";
    /** The call-site id a resume entry hands the frame it re-enters ({@code Stack.LAZY_VIA}). */
    static final long LAZY_VIA = (long) methodId("io/jgo/internal/cont/Entry", "run", "(Lio/jgo/internal/Stack;Ljava/lang/Runnable;)I") << 32 | 1;
    /** {@code Stack.onAttention()} returns {@code LAZY_BASE - label} when the call at {@code label} returned and its value is handed. */
    static final int LAZY_BASE = -1;

    /** Static {@code handX(value, Stack)}: a resume entry hands what the re-entered frame returned. */
    static String handName(Type t) {
        return "hand" + handKind(t);
    }

    static String handDesc(Type t) {
        return t.getSort() == Type.VOID ? "(" + STACK_DESC + ")V"
                : "(" + (handKind(t) == 'A' ? "Ljava/lang/Object;" : t.getDescriptor()) + STACK_DESC + ")V";
    }

    /** {@code Stack.handedX()}: the re-entered caller takes the value its call returned, converted to {@code t}'s kind. */
    static String handedName(Type t) {
        char k = handKind(t);
        return "handed" + (k == 'Z' || k == 'B' || k == 'C' || k == 'S' ? 'I' : k);
    }

    static String handedDesc(Type t) {
        char k = handKind(t);
        return "()" + (k == 'A' ? "Ljava/lang/Object;" : k == 'Z' || k == 'B' || k == 'C' || k == 'S' ? "I" : String.valueOf(k));
    }

    private static char handKind(Type t) {
        switch (t.getSort()) {
            case Type.OBJECT:
            case Type.ARRAY:
                return 'A';
            default:
                return t.getDescriptor().charAt(0);
        }
    }

    /**
     * Static helpers {@code lock(Lock)}, {@code lockInterruptibly(Lock)}, {@code tryLock(Lock)},
     * {@code tryLock(Lock, long, TimeUnit)}, {@code unlock(Lock)}: rewritten code calls them instead of
     * {@code Lock}'s methods, so a goroutine holding a thread-owned lock pins ({@link OwnedLockCalls});
     * the three that may wait are leaves that park for a lock jgo made. Also the factories
     * {@code newReentrantLock()} and {@code newReentrantLock(Z)} ({@link LockConstructions}).
     */
    static final String OWNED_LOCKS = "io/jgo/internal/blocking/OwnedLocks";
    /** {@link #OWNED_LOCKS}' leaves, which park for a goroutine-owned lock. */
    static final String[] OWNED_LOCKS_LEAVES = {"lock(Ljava/util/concurrent/locks/Lock;)V",
        "lockInterruptibly(Ljava/util/concurrent/locks/Lock;)V",
        "tryLock(Ljava/util/concurrent/locks/Lock;JLjava/util/concurrent/TimeUnit;)Z",
        "await(Ljava/util/concurrent/locks/Condition;)V", "awaitUninterruptibly(Ljava/util/concurrent/locks/Condition;)V",
        "awaitNanos(Ljava/util/concurrent/locks/Condition;J)J",
        "await(Ljava/util/concurrent/locks/Condition;JLjava/util/concurrent/TimeUnit;)Z",
        "awaitUntil(Ljava/util/concurrent/locks/Condition;Ljava/util/Date;)Z"};

    /**
     * Is {@code internalName} one of the runtime's own classes (the API, {@code io.jgo.net}, anything under
     * {@code io.jgo.internal})? Their constructions are the runtime's business and never redirected.
     */
    static boolean isRuntimeClass(String internalName) {
        return internalName.startsWith(RUNTIME_INTERNAL_PREFIX) || internalName.startsWith(RUNTIME_NET_PREFIX)
                || internalName.startsWith(RUNTIME_PACKAGE) && internalName.indexOf('/', RUNTIME_PACKAGE.length()) < 0;
    }

    /**
     * Suspendable equivalents of the JDK's higher-order methods ({@link CallbackCalls}): static
     * helpers named as the method, taking the receiver first. The package is plain {@code @Goroutine}
     * Java that the runtime's build rewrites with the API classes.
     */
    static final String CALLBACK_PACKAGE = "io/jgo/internal/callback/";
    /** {@code java.net.Socket} streams that park ({@link SocketCalls}); rewritten by the runtime's build, as the callback helpers. */
    static final String SOCKETS_PACKAGE = "io/jgo/internal/sockets/";
    static final String SOCKET_IO = SOCKETS_PACKAGE + "SocketIo";
    /** The TLS stand-ins ({@link SocketCalls}): jgo's SSLSocket over a channel-backed socket. */
    static final String TLS_IO = SOCKETS_PACKAGE + "TlsIo";
    static final String ITERABLE_CALLS = CALLBACK_PACKAGE + "IterableCalls";
    static final String MAP_CALLS = CALLBACK_PACKAGE + "MapCalls";
    static final String OPTIONAL_CALLS = CALLBACK_PACKAGE + "OptionalCalls";
    /**
     * The {@code java.util.stream.Collectors} factories that take a function, same name and
     * descriptor, whose collectors call it from rewritten frames ({@link CallbackCalls}).
     */
    static final String COLLECTOR_CALLS = CALLBACK_PACKAGE + "CollectorCalls";
    /**
     * {@code Comparator}'s factories and default methods ({@code comparing*}, {@code nullsFirst}/{@code nullsLast},
     * {@code thenComparing*}, {@code reversed}) and {@code Collections.reverseOrder(Comparator)}, whose
     * comparators call their functions from rewritten frames ({@link CallbackCalls}).
     */
    static final String COMPARATOR_CALLS = CALLBACK_PACKAGE + "ComparatorCalls";
    /**
     * The comparing methods of {@code TreeMap}/{@code TreeSet} (called on them or their sorted
     * interfaces) and of {@code PriorityQueue}, the receiver first, whose comparator may suspend
     * ({@link CallbackCalls}); and {@code Collections.min}/{@code max}/{@code binarySearch} and
     * {@code Arrays.sort} with a comparator, same descriptor.
     */
    static final String SORTED_CALLS = CALLBACK_PACKAGE + "SortedCalls";
    static final String QUEUE_CALLS = CALLBACK_PACKAGE + "QueueCalls";
    static final String SEARCH_CALLS = CALLBACK_PACKAGE + "SearchCalls";
    /**
     * The same comparing methods (and {@code Map}'s compute methods) called through a receiver declared
     * as a supertype other collections share ({@code Map}, {@code Set}, {@code Queue},
     * {@code Collection}...), the receiver first: one type check, then the sorted stand-in or the
     * receiver's own method ({@link CallbackCalls}).
     */
    static final String SORTED_DISPATCH = CALLBACK_PACKAGE + "SortedDispatch";
    /**
     * Stream sources ({@code stream(Collection)}, {@code of(Object)}, {@code of(Object[])},
     * {@code stream(Object[])}) and terminal operations (each of {@link #STREAM_TERMINALS}, named as
     * the method, the stream first) for a method whose stream lambdas may suspend.
     */
    static final String STREAM_CALLS = CALLBACK_PACKAGE + "StreamCalls";
    static final String STREAM = "java/util/stream/Stream";
    /** The terminal operations of {@code java.util.stream.Stream} that {@link #STREAM_CALLS} evaluates: name and descriptor. */
    static final Set<String> STREAM_TERMINALS = Set.of(
            "forEach(Ljava/util/function/Consumer;)V",
            "forEachOrdered(Ljava/util/function/Consumer;)V",
            "collect(Ljava/util/stream/Collector;)Ljava/lang/Object;",
            "collect(Ljava/util/function/Supplier;Ljava/util/function/BiConsumer;Ljava/util/function/BiConsumer;)Ljava/lang/Object;",
            "reduce(Ljava/lang/Object;Ljava/util/function/BinaryOperator;)Ljava/lang/Object;",
            "reduce(Ljava/util/function/BinaryOperator;)Ljava/util/Optional;",
            "reduce(Ljava/lang/Object;Ljava/util/function/BiFunction;Ljava/util/function/BinaryOperator;)Ljava/lang/Object;",
            "count()J",
            "anyMatch(Ljava/util/function/Predicate;)Z",
            "allMatch(Ljava/util/function/Predicate;)Z",
            "noneMatch(Ljava/util/function/Predicate;)Z",
            "findFirst()Ljava/util/Optional;",
            "findAny()Ljava/util/Optional;",
            "min(Ljava/util/Comparator;)Ljava/util/Optional;",
            "max(Ljava/util/Comparator;)Ljava/util/Optional;",
            "toArray()[Ljava/lang/Object;",
            "toArray(Ljava/util/function/IntFunction;)[Ljava/lang/Object;",
            "toList()Ljava/util/List;");

    /** The descriptor of {@link #STREAM_CALLS}' helper for a terminal operation (the stream comes first). */
    static String streamHelperDesc(String terminalDesc) {
        return "(L" + STREAM + ";" + terminalDesc.substring(1);
    }

    /**
     * The primitive streams' sources ({@code IntStream.range}, {@code of}, {@code iterate},
     * {@code generate}..., {@code Arrays.stream(int[])}...: same name and descriptor) and terminal
     * operations ({@link #PRIMITIVE_STREAM_TERMINALS}, named as the method, the stream first), for a
     * method whose stream lambdas may suspend, as {@link #STREAM_CALLS} for {@code Stream}.
     */
    static final String PRIMITIVE_STREAM_SOURCES = CALLBACK_PACKAGE + "PrimitiveStreamSources";
    static final String PRIMITIVE_STREAM_CALLS = CALLBACK_PACKAGE + "PrimitiveStreamCalls";
    static final Set<String> PRIMITIVE_STREAMS = Set.of("java/util/stream/IntStream", "java/util/stream/LongStream",
            "java/util/stream/DoubleStream");
    /** The terminal operations of the primitive streams that {@link #PRIMITIVE_STREAM_CALLS} evaluates, every overload. */
    static final Set<String> PRIMITIVE_STREAM_TERMINALS = Set.of("forEach", "forEachOrdered", "toArray", "reduce", "collect",
            "sum", "min", "max", "count", "average", "summaryStatistics", "anyMatch", "allMatch", "noneMatch", "findFirst",
            "findAny");
    /** The static sources of the primitive streams that {@link #PRIMITIVE_STREAM_SOURCES} has, every overload. */
    static final Set<String> PRIMITIVE_STREAM_FACTORIES = Set.of("range", "rangeClosed", "of", "iterate", "generate");

    /**
     * The methods {@link #SORTED_DISPATCH} stands in for, by the receiver type its helper takes:
     * {@code Map} for a receiver declared as a supertype of {@code TreeMap}, {@code Set} of
     * {@code TreeSet} only, {@code Queue} of {@code PriorityQueue} only, {@code Collection} of both
     * (name + descriptor as on the receiver).
     */
    static final Map<String, Set<String>> SORTED_DISPATCH_METHODS = Map.of(
            "java/util/Map", Set.of("get(Ljava/lang/Object;)Ljava/lang/Object;", "containsKey(Ljava/lang/Object;)Z",
                    "put(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", "remove(Ljava/lang/Object;)Ljava/lang/Object;",
                    "putIfAbsent(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Z",
                    "getOrDefault(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", "putAll(Ljava/util/Map;)V",
                    "computeIfAbsent(Ljava/lang/Object;Ljava/util/function/Function;)Ljava/lang/Object;",
                    "computeIfPresent(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "compute(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "merge(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "remove(Ljava/lang/Object;Ljava/lang/Object;)Z"),
            "java/util/Set", Set.of("add(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z", "remove(Ljava/lang/Object;)Z",
                    "addAll(Ljava/util/Collection;)Z", "containsAll(Ljava/util/Collection;)Z", "removeAll(Ljava/util/Collection;)Z",
                    "retainAll(Ljava/util/Collection;)Z"),
            "java/util/Queue", Set.of("add(Ljava/lang/Object;)Z", "offer(Ljava/lang/Object;)Z", "poll()Ljava/lang/Object;",
                    "remove()Ljava/lang/Object;", "remove(Ljava/lang/Object;)Z", "addAll(Ljava/util/Collection;)Z"),
            "java/util/Collection", Set.of("add(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z",
                    "remove(Ljava/lang/Object;)Z", "addAll(Ljava/util/Collection;)Z", "containsAll(Ljava/util/Collection;)Z",
                    "removeAll(Ljava/util/Collection;)Z", "retainAll(Ljava/util/Collection;)Z"));

    /** Save helpers: {@code saveX(value, stack, slot)}; restore: {@code stack.restoreX(slot)}. */
    static String saveName(char kind) {
        return "save" + kind;
    }

    static String saveDesc(char kind) {
        return "(" + (kind == 'A' ? "Ljava/lang/Object;" : String.valueOf(kind)) + STACK_DESC + "I)V";
    }

    static String restoreName(char kind) {
        return "restore" + kind;
    }

    static String restoreDesc(char kind) {
        return "(I)" + (kind == 'A' ? "Ljava/lang/Object;" : String.valueOf(kind));
    }

    // Blocking JDK calls (see BlockingCalls): rewritten code calls io.jgo.internal.blocking.Blocking around them.

    /** The runtime class rewritten code calls around a blocking call. */
    static final String BLOCKING = "io/jgo/internal/blocking/Blocking";
    /** {@code static void sleep(long millis)}: what {@code Thread.sleep(millis)} becomes (parks the goroutine). */
    static final String BLOCKING_SLEEP = "sleep";
    static final String BLOCKING_SLEEP_DESC = "(J)V";
    /** {@code static boolean enter(Object receiver, int rule)}: before the call; its result goes to {@code exit}. */
    static final String BLOCKING_ENTER = "enter";
    static final String BLOCKING_ENTER_DESC = "(Ljava/lang/Object;I)Z";
    /** {@code static void exit(boolean entered)}: after the call, on every path. */
    static final String BLOCKING_EXIT = "exit";
    static final String BLOCKING_EXIT_DESC = "(Z)V";
    /** Rules of {@code enter}, as {@code io.jgo.internal.blocking.Blocking} numbers them: the call always blocks. */
    static final int BLOCKING_RULE_ALWAYS = 0;
    /** ... it blocks unless the receiver's class is known not to (a {@code ByteArrayInputStream}). */
    static final int BLOCKING_RULE_BY_CLASS = 1;

    // ---------------------------------------------------------------- the runtime's classes

    /**
     * The runtime's own class {@code internalName} as far as the rewrite needs it, or null when it is
     * not one of the table's ({@link RuntimeClasses}: what the rewrite must know of the runtime's classes
     * when it cannot read them).
     */
    static ClassInfo knownRuntimeClass(String internalName) {
        return RuntimeClasses.known(internalName);
    }

    /** Same function as {@code io.jgo.internal.cont.MethodIds.of}: part of the protocol. */
    static int methodId(String internalClassName, String name, String descriptor) {
        return (internalClassName.replace('/', '.') + "." + name + descriptor).hashCode();
    }

    private RuntimeNames() {
    }
}
