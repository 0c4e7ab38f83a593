package io.jgo.instrument;

import static io.jgo.instrument.RuntimeNames.*;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.objectweb.asm.Type;

/**
 * The table of the runtime's own classes the rewrite knows without reading them (split from
 * {@link RuntimeNames}, which holds the names rewritten code refers to): for each, its supertypes
 * inside the runtime and its {@code @Goroutine} methods. {@link RuntimeNames#knownRuntimeClass}
 * answers from it; {@code io.jgo.instrument.RuntimeClassesMatchTest} in the runtime module keeps it
 * equal to the runtime's class files.
 */
final class RuntimeClasses {

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
                    "read([BIIZ)I", "unwrapSome(Z)Z", "fill(Z)I", "answerEngine(Z)V", "write([BIIZ)V",
                    "wrapAndSend(Ljava/nio/ByteBuffer;Z)V", "wrapAndSendLocked(Ljava/nio/ByteBuffer;Z)V",
                    "send(Ljava/nio/ByteBuffer;Z)V", "sendAlertQuietly(Z)V"),
            entry(SOCKETS_PACKAGE + "TlsInput", "java/io/InputStream", SOCKETS_PACKAGE + "Parks", "read()I", "read([BII)I"),
            entry(SOCKETS_PACKAGE + "TlsOutput", "java/io/OutputStream", SOCKETS_PACKAGE + "Parks", "write(I)V", "write([BII)V"),
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
                    "remove(Ljava/util/SortedMap;Ljava/lang/Object;Ljava/lang/Object;)Z",
                    "containsAll(Ljava/util/SortedSet;Ljava/util/Collection;)Z",
                    "removeAll(Ljava/util/SortedSet;Ljava/util/Collection;)Z",
                    "retainAll(Ljava/util/SortedSet;Ljava/util/Collection;)Z",
                    "searchForCompute(Ljava/util/TreeMap;L" + CALLBACK_PACKAGE + "Replay;Ljava/lang/Object;)Ljava/lang/Object;",
                    "storeComputed(Ljava/util/TreeMap;L" + CALLBACK_PACKAGE + "Replay;Ljava/lang/Object;Ljava/lang/Object;)V",
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
                    "removeIf(Ljava/util/PriorityQueue;Ljava/util/function/Predicate;)Z",
                    "forEachRemaining(Ljava/util/Iterator;ZLjava/util/function/Consumer;)V"),
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
    static ClassInfo known(String internalName) {
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

    /** The {@link RuntimeNames#PRIMITIVE_STREAM_CALLS} helpers, as the runtime's table lists them: read off the JDK's interfaces. */
    /** {@link RuntimeNames#SORTED_DISPATCH}'s helpers: each method of {@link RuntimeNames#SORTED_DISPATCH_METHODS}, the receiver first. */
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

    private RuntimeClasses() {
    }
}
