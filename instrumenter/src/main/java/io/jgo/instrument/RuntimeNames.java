package io.jgo.instrument;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
    private static final String[] OWNED_LOCKS_LEAVES = {"lock(Ljava/util/concurrent/locks/Lock;)V",
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

    /** The {@link #PRIMITIVE_STREAM_CALLS} helpers, as the runtime's table lists them: read off the JDK's interfaces. */
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
                    "merge(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;"),
            "java/util/Set", Set.of("add(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z", "remove(Ljava/lang/Object;)Z",
                    "addAll(Ljava/util/Collection;)Z"),
            "java/util/Queue", Set.of("add(Ljava/lang/Object;)Z", "offer(Ljava/lang/Object;)Z", "poll()Ljava/lang/Object;",
                    "remove()Ljava/lang/Object;", "remove(Ljava/lang/Object;)Z", "addAll(Ljava/util/Collection;)Z"),
            "java/util/Collection", Set.of("add(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z",
                    "remove(Ljava/lang/Object;)Z", "addAll(Ljava/util/Collection;)Z"));

    private static String[] sortedDispatchHelpers() {
        java.util.List<String> helpers = new java.util.ArrayList<>();
        SORTED_DISPATCH_METHODS.forEach((receiver, methods) -> methods.forEach(m ->
                helpers.add(m.substring(0, m.indexOf('(')) + "(L" + receiver + ";" + m.substring(m.indexOf('(') + 1))));
        return helpers.toArray(new String[0]);
    }

    private static String[] primitiveStreamHelpers() {
        return Stream.of(java.util.stream.IntStream.class, java.util.stream.LongStream.class, java.util.stream.DoubleStream.class)
                .flatMap(type -> Stream.of(type.getMethods())
                        .filter(m -> !java.lang.reflect.Modifier.isStatic(m.getModifiers())
                                && PRIMITIVE_STREAM_TERMINALS.contains(m.getName()))
                        .map(m -> m.getName() + "(" + Type.getDescriptor(type) + Type.getMethodDescriptor(m).substring(1)))
                .toArray(String[]::new);
    }

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
     * What the rewrite must know about the runtime's own classes when it cannot read them: the
     * build-time CLI runs on its own jar, which does not carry the runtime, and a user need not put
     * the runtime on {@code --classpath}. Without this, a call to {@code Go.gosched()} would look
     * like a call to a plain method and the frame making it would not save itself (the goroutine's
     * records then no longer match its frames).
     *
     * <p>Holds every public class of the API package, every runtime class that declares a
     * {@code @Goroutine} method, and their supertypes inside the runtime. Each entry lists only the
     * {@code @Goroutine} methods as its declared methods: that is all a call's classification and
     * the hierarchy questions of frame computation need. Consulted only when a class's bytes are
     * not found. {@code io.jgo.instrument.RuntimeClassesMatchTest} in the runtime module compares
     * it with the runtime's class files, so a new primitive cannot be forgotten here.
     */
    private static final Map<String, ClassInfo> RUNTIME_CLASSES = Stream.of(
            classEntry("io/jgo/Go", "java/lang/Object", "gosched()V", "sleep(Ljava/time/Duration;)V"),
            interfaceEntry("io/jgo/Go$BlockingCall", "java/util/concurrent/Callable"),
            new ClassInfo("io/jgo/Go$Body", "java/lang/Object", new String[] {"java/lang/Runnable"}, true,
                    Set.of("call()V", "run()V"), Set.of("call()V", "run()V")),
            classEntry("io/jgo/WaitGroup", "java/lang/Object", "await()V"),
            classEntry("io/jgo/Latch", "java/lang/Object", "await()V"),
            classEntry("io/jgo/Timer", "java/lang/Object"),
            classEntry("io/jgo/Ticker", "java/lang/Object"),
            entry("io/jgo/Chan", "java/lang/Object", "java/lang/Iterable",
                    "recv()Ljava/lang/Object;", "recvOk()Lio/jgo/Chan$Result;", "send(Ljava/lang/Object;)V"),
            entry("io/jgo/Chan$Receiver", "java/lang/Object", "java/util/Iterator", "next()Ljava/lang/Object;", "hasNext()Z"),
            classEntry("io/jgo/Chan$Result", "java/lang/Record"),
            classEntry("io/jgo/Cond", "java/lang/Object", "await()V"),
            classEntry("io/jgo/ErrGroup", "java/lang/Object", "go(Lio/jgo/ErrGroup$Task;)V", "await()Ljava/lang/Exception;"),
            entry("io/jgo/ErrGroup$Runner", "java/lang/Object", "java/lang/Runnable", "run()V"),
            goroutineInterface("io/jgo/ErrGroup$Task", "run()V"),
            classEntry("io/jgo/Mutex", "java/lang/Object", "lock()V"),
            interfaceEntry("io/jgo/Context"),
            interfaceEntry("io/jgo/Context$AfterFunc"),
            interfaceEntry("io/jgo/CancelContext", "io/jgo/Context", "java/lang/AutoCloseable"),
            classEntry("io/jgo/CanceledException", "java/util/concurrent/CancellationException"),
            classEntry("io/jgo/DeadlineExceededException", "java/util/concurrent/CancellationException"),
            entry("io/jgo/ParentWatch", "java/lang/Object", "java/lang/Runnable", "run()V"),
            entry("io/jgo/GoExecutorService", "java/util/concurrent/AbstractExecutorService", "java/lang/AutoCloseable"),
            new ClassInfo("io/jgo/GoFuture", "java/lang/Object",
                    new String[] {"java/util/concurrent/RunnableFuture", "io/jgo/internal/blocking/Awaitable"},
                    false, Set.of("run()V"), Set.of("run()V")),
            interfaceEntry("io/jgo/internal/blocking/Awaitable"),
            classEntry("io/jgo/Once", "java/lang/Object", "run(Ljava/lang/Runnable;)V"),
            classEntry("io/jgo/RWMutex", "java/lang/Object", "lock()V", "rLock()V"),
            classEntry("io/jgo/Semaphore", "java/lang/Object", "acquire()V", "acquire(J)V"),
            classEntry("io/jgo/Select", "java/lang/Object", "select([Lio/jgo/Select$Case;)I"),
            goroutineInterface("io/jgo/Select$Body", "run()V"),
            classEntry("io/jgo/Select$Case", "java/lang/Object"),
            goroutineInterface("io/jgo/Select$OnRecv", "accept(Ljava/lang/Object;)V"),
            goroutineInterface("io/jgo/Select$OnRecvOk", "accept(Lio/jgo/Chan$Result;)V"),
            classEntry(BLOCKING, "java/lang/Object", BLOCKING_SLEEP + BLOCKING_SLEEP_DESC),
            entry("io/jgo/net/Conn", "java/lang/Object", "java/io/Closeable",
                    "read(Ljava/nio/ByteBuffer;)I", "write(Ljava/nio/ByteBuffer;)V",
                    "read(Lio/jgo/Context;Ljava/nio/ByteBuffer;)I", "write(Lio/jgo/Context;Ljava/nio/ByteBuffer;)V"),
            entry("io/jgo/net/Listener", "java/lang/Object", "java/io/Closeable", "accept()Lio/jgo/net/Conn;"),
            entry("io/jgo/net/PacketConn", "java/lang/Object", "java/io/Closeable",
                    "readFrom(Ljava/nio/ByteBuffer;)Ljava/net/SocketAddress;",
                    "writeTo(Ljava/nio/ByteBuffer;Ljava/net/SocketAddress;)V"),
            classEntry("io/jgo/net/Net", "java/lang/Object", "dial(Ljava/net/SocketAddress;)Lio/jgo/net/Conn;",
                    "dial(Ljava/net/SocketAddress;Ljava/time/Duration;)Lio/jgo/net/Conn;",
                    "dial(Lio/jgo/Context;Ljava/net/SocketAddress;)Lio/jgo/net/Conn;"),
            classEntry("io/jgo/internal/blocking/Futures", "java/lang/Object",
                    "join(Ljava/util/concurrent/CompletableFuture;)Ljava/lang/Object;",
                    "get(Ljava/util/concurrent/Future;)Ljava/lang/Object;",
                    "get(Ljava/util/concurrent/Future;JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;"),
            classEntry(CHANNEL_CALLS, "java/lang/Object",
                    "read(Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I",
                    "read(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;)J",
                    "read(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;II)J",
                    "write(Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I",
                    "write(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;)J",
                    "write(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;II)J",
                    "accept(Ljava/nio/channels/ServerSocketChannel;)Ljava/nio/channels/SocketChannel;",
                    "finishConnect(Ljava/nio/channels/SocketChannel;)Z"),
            classEntry(HTTP_CLIENT_CALLS, "java/lang/Object",
                    HTTP_CLIENT_SEND + "(Ljava/net/http/HttpClient;" + HTTP_CLIENT_SEND_DESC.substring(1)),
            classEntry(PROCESS_CALLS, "java/lang/Object", PROCESS_WAIT_FOR + "(Ljava/lang/Process;)I",
                    PROCESS_WAIT_FOR + "(Ljava/lang/Process;JLjava/util/concurrent/TimeUnit;)Z"),
            classEntry(OWNED_LOCKS, "java/lang/Object", OWNED_LOCKS_LEAVES),
            classEntry("io/jgo/internal/blocking/ParkingReentrantLock", "java/util/concurrent/locks/ReentrantLock",
                    "lock()V", "lockInterruptibly()V", "tryLock(JLjava/util/concurrent/TimeUnit;)Z"),
            entry("io/jgo/internal/blocking/ParkingCondition", "java/lang/Object", "java/util/concurrent/locks/Condition",
                    "await()V", "awaitUninterruptibly()V", "awaitNanos(J)J", "await(JLjava/util/concurrent/TimeUnit;)Z",
                    "awaitUntil(Ljava/util/Date;)Z"),
            classEntry(SOCKET_IO, "java/lang/Object", SocketCalls.suspendingHelpers()),
            interfaceEntry(SOCKETS_PACKAGE + "Parks"),
            classEntry(TLS_IO, "java/lang/Object", SocketCalls.tlsSuspendingHelpers(
                    "acceptTls(L" + SOCKETS_PACKAGE + "TlsServerSocket;)Ljava/net/Socket;")),
            classEntry(SOCKETS_PACKAGE + "TlsConnection", "java/lang/Object", "handshake(Z)V", "runHandshake(Z)V",
                    "read([BIIZ)I", "unwrapSome(Z)Z", "fill(Z)I"),
            entry(SOCKETS_PACKAGE + "TlsInput", "java/io/InputStream", SOCKETS_PACKAGE + "Parks", "read()I", "read([BII)I"),
            classEntry(SOCKETS_PACKAGE + "Waits", "java/lang/Object",
                    "read(Ljava/net/Socket;Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I",
                    "accept(Ljava/net/ServerSocket;Ljava/nio/channels/ServerSocketChannel;)Ljava/nio/channels/SocketChannel;",
                    "connect(Ljava/net/InetSocketAddress;)Ljava/net/Socket;",
                    "connect(Ljava/nio/channels/SocketChannel;Ljava/net/InetSocketAddress;I)V",
                    "write(Ljava/net/Socket;Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)V"),
            classEntry(SOCKETS_PACKAGE + "DataReads", "java/lang/Object", "readFully(Ljava/io/InputStream;[BII)V",
                    "readUnsignedByte(Ljava/io/InputStream;)I", "readBigEndian(Ljava/io/InputStream;I)J",
                    "readUTF(Ljava/io/InputStream;)Ljava/lang/String;"),
            entry(SOCKETS_PACKAGE + "SocketInput", "java/io/InputStream", SOCKETS_PACKAGE + "Parks", "read()I", "read([BII)I"),
            entry(SOCKETS_PACKAGE + "ParkingInputStreamReader", "java/io/InputStreamReader", SOCKETS_PACKAGE + "Parks",
                    "read()I", "read([CII)I", "fill()Z"),
            entry(SOCKETS_PACKAGE + "ParkingBufferedReader", "java/io/BufferedReader", SOCKETS_PACKAGE + "Parks",
                    "fill()V", "read()I", "read([CII)I", "readLine()Ljava/lang/String;", "skip(J)J"),
            entry(SOCKETS_PACKAGE + "ParkingBufferedInputStream", "java/io/BufferedInputStream", SOCKETS_PACKAGE + "Parks",
                    "fill()V", "read()I", "read([BII)I", "skip(J)J"),
            classEntry(SocketWriteCalls.OUTPUT_IO, "java/lang/Object", SocketWriteCalls.suspendingHelpers(SocketWriteCalls.OUTPUT_IO)),
            classEntry(SocketWriteCalls.WRITER_IO, "java/lang/Object", SocketWriteCalls.suspendingHelpers(SocketWriteCalls.WRITER_IO)),
            classEntry(SocketWriteCalls.PRINT_IO, "java/lang/Object", SocketWriteCalls.suspendingHelpers(SocketWriteCalls.PRINT_IO)),
            entry(SOCKETS_PACKAGE + "SocketOutput", "java/io/OutputStream", SOCKETS_PACKAGE + "Parks", "write(I)V", "write([BII)V"),
            entry(SOCKETS_PACKAGE + "ParkingBufferedOutputStream", "java/io/BufferedOutputStream", SOCKETS_PACKAGE + "Parks",
                    "write(I)V", "write([B)V", "write([BII)V", "flush()V", "close()V", "flushBuffer()V"),
            entry(SOCKETS_PACKAGE + "ParkingDataOutputStream", "java/io/DataOutputStream", SOCKETS_PACKAGE + "Parks",
                    "write(I)V", "write([BII)V", "flush()V", "close()V", "writeBigEndian(JI)V",
                    "writeModifiedUtf8(Ljava/lang/String;)V", "writeLowBytes(Ljava/lang/String;)V",
                    "writeCharPairs(Ljava/lang/String;)V"),
            entry(SOCKETS_PACKAGE + "ParkingOutputStreamWriter", "java/io/OutputStreamWriter", SOCKETS_PACKAGE + "Parks",
                    "write(I)V", "write([CII)V", "write(Ljava/lang/String;II)V", "write(Ljava/lang/String;)V", "write([C)V",
                    "append(Ljava/lang/CharSequence;)Ljava/io/Writer;", "append(Ljava/lang/CharSequence;II)Ljava/io/Writer;",
                    "append(C)Ljava/io/Writer;", "append(Ljava/lang/CharSequence;)Ljava/lang/Appendable;",
                    "append(Ljava/lang/CharSequence;II)Ljava/lang/Appendable;", "append(C)Ljava/lang/Appendable;",
                    "flush()V", "close()V", "encode(Ljava/nio/CharBuffer;)V",
                    "encodeAll(Ljava/nio/CharBuffer;Z)V", "writeEncoded()V"),
            entry(SOCKETS_PACKAGE + "ParkingBufferedWriter", "java/io/BufferedWriter", SOCKETS_PACKAGE + "Parks",
                    "write(I)V", "write([CII)V", "write(Ljava/lang/String;II)V", "write(Ljava/lang/String;)V", "write([C)V",
                    "append(Ljava/lang/CharSequence;)Ljava/io/Writer;", "append(Ljava/lang/CharSequence;II)Ljava/io/Writer;",
                    "append(C)Ljava/io/Writer;", "append(Ljava/lang/CharSequence;)Ljava/lang/Appendable;",
                    "append(Ljava/lang/CharSequence;II)Ljava/lang/Appendable;", "append(C)Ljava/lang/Appendable;",
                    "newLine()V", "flush()V", "close()V", "flushBuffer()V"),
            entry(SOCKETS_PACKAGE + "ParkingPrintWriter", "java/io/PrintWriter", SOCKETS_PACKAGE + "Parks",
                    printWriterMethods()),
            classEntry(ITERABLE_CALLS, "java/lang/Object",
                    "forEach(Ljava/lang/Iterable;Ljava/util/function/Consumer;)V",
                    "removeIf(Ljava/util/Collection;Ljava/util/function/Predicate;)Z",
                    "replaceAll(Ljava/util/List;Ljava/util/function/UnaryOperator;)V",
                    "sort(Ljava/util/List;Ljava/util/Comparator;)V",
                    "forEachRemaining(Ljava/util/Iterator;Ljava/util/function/Consumer;)V"),
            classEntry(MAP_CALLS, "java/lang/Object",
                    "forEach(Ljava/util/Map;Ljava/util/function/BiConsumer;)V",
                    "computeIfAbsent(Ljava/util/Map;Ljava/lang/Object;Ljava/util/function/Function;)Ljava/lang/Object;",
                    "computeIfPresent(Ljava/util/Map;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "compute(Ljava/util/Map;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "merge(Ljava/util/Map;Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
                    "replaceAll(Ljava/util/Map;Ljava/util/function/BiFunction;)V",
                    "put(Ljava/util/Map;Ljava/lang/Object;Ljava/lang/Object;Z)V", "remove(Ljava/util/Map;Ljava/lang/Object;Z)V"),
            classEntry(OPTIONAL_CALLS, "java/lang/Object",
                    "map(Ljava/util/Optional;Ljava/util/function/Function;)Ljava/util/Optional;",
                    "flatMap(Ljava/util/Optional;Ljava/util/function/Function;)Ljava/util/Optional;",
                    "ifPresent(Ljava/util/Optional;Ljava/util/function/Consumer;)V",
                    "ifPresentOrElse(Ljava/util/Optional;Ljava/util/function/Consumer;Ljava/lang/Runnable;)V",
                    "orElseGet(Ljava/util/Optional;Ljava/util/function/Supplier;)Ljava/lang/Object;",
                    "filter(Ljava/util/Optional;Ljava/util/function/Predicate;)Ljava/util/Optional;",
                    "or(Ljava/util/Optional;Ljava/util/function/Supplier;)Ljava/util/Optional;",
                    "orElseThrow(Ljava/util/Optional;Ljava/util/function/Supplier;)Ljava/lang/Object;"),
            classEntry(STREAM_CALLS, "java/lang/Object", STREAM_TERMINALS.stream()
                    .map(t -> t.substring(0, t.indexOf('(')) + streamHelperDesc(t.substring(t.indexOf('(')))).toArray(String[]::new)),
            entry(CALLBACK_PACKAGE + "SequentialStream", CALLBACK_PACKAGE + "Pipeline", STREAM),
            classEntry(CALLBACK_PACKAGE + "Pipeline", "java/lang/Object",
                    "evaluate(L" + CALLBACK_PACKAGE + "Terminal;)Ljava/lang/Object;"),
            entry(CALLBACK_PACKAGE + "Generator", "java/lang/Object", "java/util/Spliterator",
                    "tryAdvance(Ljava/util/function/Consumer;)Z"),
            classEntry(PRIMITIVE_STREAM_CALLS, "java/lang/Object", primitiveStreamHelpers()),
            classEntry(CALLBACK_PACKAGE + "Sink", "java/lang/Object", "begin()V", "accept(Ljava/lang/Object;)V", "end()V"),
            classEntry(CALLBACK_PACKAGE + "Stage", CALLBACK_PACKAGE + "Sink",
                    "begin()V", "accept(Ljava/lang/Object;)V", "end()V", "flatMap(Ljava/lang/Object;)V"),
            classEntry(CALLBACK_PACKAGE + "Terminal", CALLBACK_PACKAGE + "Sink", "begin()V", "accept(Ljava/lang/Object;)V",
                    "end()V", "prepare(J)Z", "result()Ljava/lang/Object;", "array()[Ljava/lang/Object;"),
            classEntry(SORTED_CALLS, "java/lang/Object",
                    "get(Ljava/util/SortedMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "containsKey(Ljava/util/SortedMap;Ljava/lang/Object;)Z",
                    "put(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "remove(Ljava/util/SortedMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "putIfAbsent(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replace(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Z",
                    "getOrDefault(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "putAll(Ljava/util/SortedMap;Ljava/util/Map;)V",
                    "floorKey(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "ceilingKey(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "higherKey(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "lowerKey(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/lang/Object;",
                    "floorEntry(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "ceilingEntry(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "higherEntry(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "lowerEntry(Ljava/util/NavigableMap;Ljava/lang/Object;)Ljava/util/Map$Entry;",
                    "add(Ljava/util/SortedSet;Ljava/lang/Object;)Z",
                    "contains(Ljava/util/SortedSet;Ljava/lang/Object;)Z",
                    "remove(Ljava/util/SortedSet;Ljava/lang/Object;)Z",
                    "addAll(Ljava/util/SortedSet;Ljava/util/Collection;)Z",
                    "floor(Ljava/util/NavigableSet;Ljava/lang/Object;)Ljava/lang/Object;",
                    "ceiling(Ljava/util/NavigableSet;Ljava/lang/Object;)Ljava/lang/Object;",
                    "higher(Ljava/util/NavigableSet;Ljava/lang/Object;)Ljava/lang/Object;",
                    "lower(Ljava/util/NavigableSet;Ljava/lang/Object;)Ljava/lang/Object;",
                    "headMap(Ljava/util/SortedMap;Ljava/lang/Object;)Ljava/util/SortedMap;",
                    "headMap(Ljava/util/NavigableMap;Ljava/lang/Object;Z)Ljava/util/NavigableMap;",
                    "tailMap(Ljava/util/SortedMap;Ljava/lang/Object;)Ljava/util/SortedMap;",
                    "tailMap(Ljava/util/NavigableMap;Ljava/lang/Object;Z)Ljava/util/NavigableMap;",
                    "subMap(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/SortedMap;",
                    "subMap(Ljava/util/NavigableMap;Ljava/lang/Object;ZLjava/lang/Object;Z)Ljava/util/NavigableMap;",
                    "headSet(Ljava/util/SortedSet;Ljava/lang/Object;)Ljava/util/SortedSet;",
                    "headSet(Ljava/util/NavigableSet;Ljava/lang/Object;Z)Ljava/util/NavigableSet;",
                    "tailSet(Ljava/util/SortedSet;Ljava/lang/Object;)Ljava/util/SortedSet;",
                    "tailSet(Ljava/util/NavigableSet;Ljava/lang/Object;Z)Ljava/util/NavigableSet;",
                    "subSet(Ljava/util/SortedSet;Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/SortedSet;",
                    "subSet(Ljava/util/NavigableSet;Ljava/lang/Object;ZLjava/lang/Object;Z)Ljava/util/NavigableSet;",
                    "onView(ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "onMap(ILjava/util/Map;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    "onSet(ILjava/util/SortedSet;Ljava/lang/Object;)Ljava/lang/Object;",
                    "replayed(Ljava/util/TreeMap;L" + CALLBACK_PACKAGE + "Replay;ILjava/lang/Object;Ljava/lang/Object;"
                            + "Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"),
            classEntry(QUEUE_CALLS, "java/lang/Object",
                    "add(Ljava/util/PriorityQueue;Ljava/lang/Object;)Z",
                    "offer(Ljava/util/PriorityQueue;Ljava/lang/Object;)Z",
                    "poll(Ljava/util/PriorityQueue;)Ljava/lang/Object;",
                    "remove(Ljava/util/PriorityQueue;)Ljava/lang/Object;",
                    "remove(Ljava/util/PriorityQueue;Ljava/lang/Object;)Z",
                    "addAll(Ljava/util/PriorityQueue;Ljava/util/Collection;)Z",
                    "siftUp(L" + CALLBACK_PACKAGE + "Replay;[Ljava/lang/Object;ILjava/lang/Object;)V",
                    "siftDown(L" + CALLBACK_PACKAGE + "Replay;[Ljava/lang/Object;ILjava/lang/Object;I)I"),
            classEntry(SORTED_DISPATCH, "java/lang/Object", sortedDispatchHelpers()),
            classEntry(SEARCH_CALLS, "java/lang/Object",
                    "min(Ljava/util/Collection;Ljava/util/Comparator;)Ljava/lang/Object;",
                    "max(Ljava/util/Collection;Ljava/util/Comparator;)Ljava/lang/Object;",
                    "binarySearch(Ljava/util/List;Ljava/lang/Object;Ljava/util/Comparator;)I",
                    "sort([Ljava/lang/Object;Ljava/util/Comparator;)V"),
            classEntry(CALLBACK_PACKAGE + "DequeCalls", "java/lang/Object",
                    "forEach(Ljava/util/ArrayDeque;Ljava/util/function/Consumer;)V",
                    "forEach(Ljava/util/PriorityQueue;Ljava/util/function/Consumer;)V",
                    "removeIf(Ljava/util/ArrayDeque;Ljava/util/function/Predicate;)Z",
                    "removeIf(Ljava/util/PriorityQueue;Ljava/util/function/Predicate;)Z"),
            entry(CALLBACK_PACKAGE + "Replay", "java/lang/Object", "java/util/Comparator", "answerPending()V"),
            classEntry(CALLBACK_PACKAGE + "MergeSort", "java/lang/Object",
                    "sort([Ljava/lang/Object;Ljava/util/Comparator;)V",
                    "insertion([Ljava/lang/Object;IILjava/util/Comparator;)V",
                    "merge([Ljava/lang/Object;[Ljava/lang/Object;IIILjava/util/Comparator;)V",
                    "compare(Ljava/util/Comparator;Ljava/lang/Object;Ljava/lang/Object;)I"),
            classEntry("io/jgo/internal/chan/SelectLeaf", "java/lang/Object",
                    "select([Ljava/lang/Object;Lio/jgo/internal/chan/SelectLeaf$Cases;)Lio/jgo/internal/chan/SelectOp;"),
            classEntry("io/jgo/internal/sync/WaitList", "java/lang/Object", "park(Lio/jgo/internal/sched/park/WaitReason;JZ)Z"),
            classEntry("io/jgo/internal/park/ParkLeaf", "java/lang/Object", "park(Lio/jgo/internal/park/Park;)I"),
            classEntry("io/jgo/PanicException", "java/lang/RuntimeException"),
            classEntry("io/jgo/DeadlockException", "io/jgo/PanicException"),
            interfaceEntry("io/jgo/Goroutine", "java/lang/annotation/Annotation"),
            classEntry("io/jgo/internal/Stack", "io/jgo/internal/cont/Continuation"),
            classEntry("io/jgo/internal/cont/Continuation", "io/jgo/internal/cont/Records"),
            classEntry("io/jgo/internal/cont/Records", "java/lang/Object"),
            interfaceEntry("io/jgo/internal/cont/Continuation$Owner"),
            new ClassInfo("io/jgo/internal/coroutine/Coroutine", "java/lang/Object", new String[] {"io/jgo/internal/cont/Continuation$Owner"},
                    false, Set.of("suspend()V"), Set.of("suspend()V")))
            .collect(Collectors.toUnmodifiableMap(info -> info.name, Function.identity()));

    /** The runtime's own class {@code internalName} as far as the rewrite needs it, or null when it is not one of {@link #RUNTIME_CLASSES}. */
    static ClassInfo knownRuntimeClass(String internalName) {
        return RUNTIME_CLASSES.get(internalName);
    }

    private static ClassInfo classEntry(String name, String superName, String... goroutineMethods) {
        Set<String> suspendables = Set.of(goroutineMethods);
        return new ClassInfo(name, superName, new String[0], false, suspendables, suspendables);
    }

    /** {@code ParkingPrintWriter}'s {@code @Goroutine} methods: every write of the JDK's {@code PrintWriter}, overridden. */
    private static String[] printWriterMethods() {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("checkError()Z", "flush()V", "close()V",
                "write(I)V", "write([CII)V", "write([C)V", "write(Ljava/lang/String;II)V", "write(Ljava/lang/String;)V",
                "println()V", "printf(Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;",
                "printf(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;",
                "format(Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;",
                "format(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;",
                "append(Ljava/lang/CharSequence;)Ljava/io/PrintWriter;", "append(Ljava/lang/CharSequence;II)Ljava/io/PrintWriter;",
                "append(C)Ljava/io/PrintWriter;", "append(Ljava/lang/CharSequence;)Ljava/io/Writer;",
                "append(Ljava/lang/CharSequence;II)Ljava/io/Writer;", "append(C)Ljava/io/Writer;"));
        // the bridges javac makes, annotated too, for the covariant append overrides
        all.addAll(java.util.List.of("append(Ljava/lang/CharSequence;)Ljava/lang/Appendable;",
                "append(Ljava/lang/CharSequence;II)Ljava/lang/Appendable;", "append(C)Ljava/lang/Appendable;"));
        for (String arg : java.util.List.of("Z", "C", "I", "J", "F", "D", "[C", "Ljava/lang/String;", "Ljava/lang/Object;")) {
            all.add("print(" + arg + ")V");
            all.add("println(" + arg + ")V");
        }
        return all.toArray(new String[0]);
    }

    /** A class with one interface (the JDK's, e.g. {@code Iterable}). */
    private static ClassInfo entry(String name, String superName, String anInterface, String... goroutineMethods) {
        Set<String> suspendables = Set.of(goroutineMethods);
        return new ClassInfo(name, superName, new String[] {anInterface}, false, suspendables, suspendables);
    }

    /** A functional interface whose one method is {@code @Goroutine} (a case body, a task). */
    private static ClassInfo goroutineInterface(String name, String method) {
        return new ClassInfo(name, "java/lang/Object", new String[0], true, Set.of(method), Set.of(method));
    }

    private static ClassInfo interfaceEntry(String name, String... interfaces) {
        return new ClassInfo(name, "java/lang/Object", interfaces, true, Set.of(), Set.of());
    }

    /** Same function as {@code io.jgo.internal.cont.MethodIds.of}: part of the protocol. */
    static int methodId(String internalClassName, String name, String descriptor) {
        return (internalClassName.replace('/', '.') + "." + name + descriptor).hashCode();
    }

    private RuntimeNames() {
    }
}
