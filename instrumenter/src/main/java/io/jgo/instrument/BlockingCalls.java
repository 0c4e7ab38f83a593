package io.jgo.instrument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The table of blocking JDK calls that goroutine code makes without a {@code Go.syscall} around
 * them, and the rewrite that hands the carrier's P on while they block. One pipeline step, run on
 * every {@code @Goroutine} method and lambda body before anything else:
 * <ul>
 * <li>{@code Thread.sleep(long)} becomes the runtime's {@code Blocking.sleep(long)}, a suspendable
 *     leaf that parks the goroutine (so the call is then a suspension point);</li>
 * <li>{@code Future.get()}, {@code Future.get(timeout, unit)} (declared on {@code Future},
 *     {@code CompletableFuture}, {@code FutureTask}, ...) and {@code CompletableFuture.join()} become
 *     the runtime's suspendable {@code Futures.get}/{@code Futures.join}, which park the goroutine
 *     until a {@code CompletableFuture} completes and wrap the call in a syscall for other futures;</li>
 * <li>{@code SocketChannel.read}/{@code write} (scatter/gather forms too) and
 *     {@code ServerSocketChannel.accept} become the runtime's suspendable {@code ChannelCalls}, which
 *     park the goroutine on the poller while a blocking-mode channel is not ready, then make the call
 *     as a syscall ({@code connect} stays wrapped: a blocking connect cannot be waited for without
 *     changing the channel's mode);</li>
 * <li>{@code HttpClient.send(request, handler)} becomes the runtime's suspendable
 *     {@code HttpClientCalls.send}, which sends with {@code sendAsync} and parks the goroutine on
 *     the response's future, throwing what {@code send} throws;</li>
 * <li>{@code Process.waitFor()} and {@code waitFor(timeout, unit)} become the runtime's suspendable
 *     {@code ProcessCalls.waitFor}, which parks the goroutine until the process's {@code onExit()}
 *     completes;</li>
 * <li>every other entry is wrapped: {@code t = Blocking.enter(receiver, rule); call;
 *     Blocking.exit(t)}, with an innermost handler that calls {@code exit} and rethrows, so the
 *     syscall always ends. With rule {@code BY_CLASS} the runtime decides by the receiver's class
 *     (a {@code ByteArrayInputStream} read does not block, a {@code FileInputStream} read may).</li>
 * </ul>
 * Constructors that open a file ({@code new FileInputStream(f)}, {@code new RandomAccessFile(f, m)}, ...)
 * are wrapped too (rule {@code BY_CLASS} without a receiver: taken as blocking), since opening a FIFO
 * blocks until the other end opens; the object under construction stays on the operand stack,
 * uninitialized, while {@code enter} runs, which the verifier allows.
 * Entries match the declared owner of the call instruction exactly (the list names the usual
 * static types: {@code InputStream}, {@code FileInputStream}, ...), or any owner for
 * {@code Object.wait}, which no class can redeclare. {@link #withExtra} adds a user's entries
 * ({@code blocking=com.acme.Client.call}: every descriptor, rule {@code ALWAYS}).
 * {@code synchronized} contention is not here: a monitor pins, and the P is handed off then.
 */
final class BlockingCalls {

    private static final String RUNTIME_CLASS = RuntimeNames.BLOCKING;
    private static final String SLEEP = RuntimeNames.BLOCKING_SLEEP;
    private static final String SLEEP_DESC = RuntimeNames.BLOCKING_SLEEP_DESC;
    private static final String ENTER = RuntimeNames.BLOCKING_ENTER;
    private static final String ENTER_DESC = RuntimeNames.BLOCKING_ENTER_DESC;
    private static final String EXIT = RuntimeNames.BLOCKING_EXIT;
    private static final String EXIT_DESC = RuntimeNames.BLOCKING_EXIT_DESC;
    private static final int ALWAYS = RuntimeNames.BLOCKING_RULE_ALWAYS;
    private static final int BY_CLASS = RuntimeNames.BLOCKING_RULE_BY_CLASS;
    private static final String TIMEOUT = "Ljava/util/concurrent/TimeUnit;";

    /** One row: the owners it matches (empty: any owner), a method name, a descriptor test, the rule. */
    private static final class Entry {
        final Set<String> owners;
        final String name;
        final String descContains; // null: every descriptor
        final int rule;

        Entry(Set<String> owners, String name, String descContains, int rule) {
            this.owners = owners;
            this.name = name;
            this.descContains = descContains;
            this.rule = rule;
        }

        boolean matches(MethodInsnNode call) {
            return call.name.equals(name) && (owners.isEmpty() || owners.contains(call.owner))
                    && (descContains == null || call.desc.contains(descContains));
        }
    }

    private static final Set<String> INPUT_STREAMS = Set.of("java/io/InputStream", "java/io/FileInputStream",
            "java/io/BufferedInputStream", "java/io/DataInputStream", "java/io/FilterInputStream",
            "java/io/ObjectInputStream", "java/io/PushbackInputStream");
    private static final Set<String> OUTPUT_STREAMS = Set.of("java/io/OutputStream", "java/io/FileOutputStream",
            "java/io/BufferedOutputStream", "java/io/DataOutputStream", "java/io/FilterOutputStream",
            "java/io/ObjectOutputStream", "java/io/PrintStream");
    private static final Set<String> READERS = Set.of("java/io/Reader", "java/io/InputStreamReader",
            "java/io/BufferedReader", "java/io/FileReader", "java/io/LineNumberReader");
    private static final Set<String> WRITERS = Set.of("java/io/Writer", "java/io/OutputStreamWriter",
            "java/io/BufferedWriter", "java/io/FileWriter", "java/io/PrintWriter");
    private static final Set<String> CHANNELS = Set.of("java/nio/channels/FileChannel",
            "java/nio/channels/SocketChannel", "java/nio/channels/ServerSocketChannel",
            "java/nio/channels/DatagramChannel", "java/nio/channels/ReadableByteChannel",
            "java/nio/channels/WritableByteChannel", "java/nio/channels/ByteChannel",
            "java/nio/channels/SeekableByteChannel", "java/nio/channels/Pipe$SourceChannel",
            "java/nio/channels/Pipe$SinkChannel");
    private static final Set<String> QUEUES = Set.of("java/util/concurrent/BlockingQueue",
            "java/util/concurrent/BlockingDeque", "java/util/concurrent/TransferQueue",
            "java/util/concurrent/LinkedBlockingQueue", "java/util/concurrent/ArrayBlockingQueue",
            "java/util/concurrent/LinkedBlockingDeque", "java/util/concurrent/SynchronousQueue",
            "java/util/concurrent/PriorityBlockingQueue", "java/util/concurrent/DelayQueue",
            "java/util/concurrent/LinkedTransferQueue");
    /** Static types whose {@code get} goes to the runtime's {@code Futures.get} (which parks for a CompletableFuture). */
    private static final Set<String> FUTURES = Set.of("java/util/concurrent/Future",
            "java/util/concurrent/CompletableFuture", "java/util/concurrent/FutureTask",
            "java/util/concurrent/RunnableFuture", "java/util/concurrent/ScheduledFuture",
            "java/util/concurrent/RunnableScheduledFuture");
    private static final String COMPLETABLE_FUTURE = "java/util/concurrent/CompletableFuture";
    private static final String SOCKET_CHANNEL = "java/nio/channels/SocketChannel";
    private static final String SERVER_SOCKET_CHANNEL = "java/nio/channels/ServerSocketChannel";
    /** {@code read}/{@code write} descriptors of {@code SocketChannel} that {@link #channelHelper} substitutes. */
    private static final Set<String> CHANNEL_IO_DESCS = Set.of("(Ljava/nio/ByteBuffer;)I", "([Ljava/nio/ByteBuffer;)J",
            "([Ljava/nio/ByteBuffer;II)J");
    private static final String HTTP_CLIENT = "java/net/http/HttpClient";
    private static final String PROCESS = "java/lang/Process";
    private static final String FORK_JOIN_TASK = "java/util/concurrent/ForkJoinTask";
    private static final String GET_DESC = "()Ljava/lang/Object;";
    private static final String TIMED_GET_DESC = "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;";

    /** Classes whose constructors open a file: a FIFO's open blocks until its other end is opened. */
    private static final Set<String> FILE_OPENERS = Set.of("java/io/FileInputStream", "java/io/FileOutputStream",
            "java/io/RandomAccessFile", "java/io/FileReader", "java/io/FileWriter");
    private static final String INIT = "<init>";

    private static final List<Entry> STANDARD = standardTable();

    private final List<Entry> entries;

    private BlockingCalls(List<Entry> entries) {
        this.entries = entries;
    }

    /** The JDK's blocking calls (see the README's table). */
    static BlockingCalls standard() {
        return new BlockingCalls(STANDARD);
    }

    /**
     * The standard table plus {@code extra} methods, each {@code package.Class.method} (a nested class
     * as {@code package.Outer$Inner.method}), wrapped with rule ALWAYS whatever their descriptor.
     *
     * @throws IllegalArgumentException naming the entry that is not of that form
     */
    static BlockingCalls withExtra(List<String> extra) {
        List<Entry> all = new ArrayList<>(STANDARD);
        for (String spec : extra) {
            int dot = spec.lastIndexOf('.');
            if (dot <= 0 || dot == spec.length() - 1 || spec.indexOf('/') >= 0) {
                throw new IllegalArgumentException("blocking=" + spec
                        + ": expected a fully qualified method, e.g. blocking=com.acme.Client.call");
            }
            all.add(new Entry(Set.of(spec.substring(0, dot).replace('.', '/')), spec.substring(dot + 1), null, ALWAYS));
        }
        return new BlockingCalls(Collections.unmodifiableList(all));
    }

    private static List<Entry> standardTable() {
        List<Entry> t = new ArrayList<>();
        for (String wait : List.of("()V", "(J)V", "(JI)V")) {
            t.add(new Entry(Set.of(), "wait", wait, ALWAYS)); // Object.wait is final: any owner
        }
        for (String name : List.of("park", "parkNanos", "parkUntil")) {
            t.add(new Entry(Set.of("java/util/concurrent/locks/LockSupport"), name, null, ALWAYS));
        }
        t.add(new Entry(Set.of("java/util/concurrent/CountDownLatch"), "await", null, ALWAYS));
        // A Condition's waits go to OwnedLockCalls: they park for a lock jgo made, and wait in a syscall otherwise.
        t.add(new Entry(Set.of("java/util/concurrent/CyclicBarrier"), "await", null, ALWAYS));
        t.add(new Entry(Set.of("java/util/concurrent/Exchanger"), "exchange", null, ALWAYS));
        for (String name : List.of("acquire", "acquireUninterruptibly")) {
            t.add(new Entry(Set.of("java/util/concurrent/Semaphore"), name, null, ALWAYS));
        }
        t.add(new Entry(Set.of("java/util/concurrent/Semaphore"), "tryAcquire", TIMEOUT, ALWAYS));
        // Future.get and CompletableFuture.join are substituted (futureHelper); a ForkJoinTask's are wrapped.
        t.add(new Entry(Set.of(FORK_JOIN_TASK), "get", null, ALWAYS));
        t.add(new Entry(Set.of(FORK_JOIN_TASK), "join", null, ALWAYS));
        for (String name : List.of("take", "put", "takeFirst", "takeLast", "putFirst", "putLast", "transfer")) {
            t.add(new Entry(QUEUES, name, null, ALWAYS));
        }
        for (String name : List.of("poll", "offer", "pollFirst", "pollLast", "offerFirst", "offerLast", "tryTransfer")) {
            t.add(new Entry(QUEUES, name, TIMEOUT, ALWAYS));
        }
        t.add(new Entry(Set.of("java/lang/Thread"), "join", null, ALWAYS));
        // Thread.sleep(long) parks (above); its other forms and TimeUnit's sleeps block in a syscall,
        // where an interrupt of the goroutine reaches them as the JDK's would.
        t.add(new Entry(Set.of("java/lang/Thread"), "sleep", null, ALWAYS));
        for (String name : List.of("sleep", "timedJoin", "timedWait")) {
            t.add(new Entry(Set.of("java/util/concurrent/TimeUnit"), name, null, ALWAYS));
        }
        // Not shadowed by processHelper: it wraps the form that helper leaves (waitFor(Duration), JDK 19+), and
        // wraps() answers yes for every form, which PlainCallees needs to keep a waitFor caller a suspension point.
        t.add(new Entry(Set.of(PROCESS), "waitFor", null, ALWAYS));
        for (String name : List.of("read", "write", "accept", "connect", "receive", "send", "transferTo", "transferFrom")) {
            t.add(new Entry(CHANNELS, name, null, ALWAYS));
        }
        t.add(new Entry(Set.of("java/net/ServerSocket"), "accept", null, ALWAYS));
        t.add(new Entry(Set.of("java/net/Socket"), "connect", null, ALWAYS));
        for (String name : List.of("read", "readAllBytes", "readNBytes", "readFully", "readLine", "skip", "transferTo")) {
            t.add(new Entry(INPUT_STREAMS, name, null, BY_CLASS));
        }
        for (String name : List.of("read", "readLine", "skip", "transferTo")) {
            t.add(new Entry(READERS, name, null, BY_CLASS));
        }
        for (String name : List.of("write", "flush")) {
            t.add(new Entry(OUTPUT_STREAMS, name, null, BY_CLASS));
            t.add(new Entry(WRITERS, name, null, BY_CLASS));
        }
        // Opening by name or File (not from a FileDescriptor, which is already open).
        t.add(new Entry(FILE_OPENERS, INIT, "(Ljava/lang/String;", BY_CLASS));
        t.add(new Entry(FILE_OPENERS, INIT, "(Ljava/io/File;", BY_CLASS));
        return Collections.unmodifiableList(t);
    }

    /** Would {@link #apply} wrap this call (owner, name, descriptor as written)? */
    boolean wraps(String owner, String name, String desc) {
        MethodInsnNode call = new MethodInsnNode(org.objectweb.asm.Opcodes.INVOKEVIRTUAL, owner, name, desc);
        for (Entry e : entries) {
            if (e.matches(call)) {
                return true;
            }
        }
        return false;
    }

    /** Rewrites the blocking calls of {@code m} in place; returns how many it rewrote. */
    int apply(MethodNode m) {
        List<MethodInsnNode> calls = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode
                    && (insn.getOpcode() != Opcodes.INVOKESPECIAL || isFileOpen((MethodInsnNode) insn))) {
                calls.add((MethodInsnNode) insn);
            }
        }
        int rewritten = 0;
        List<TryCatchBlockNode> handlers = new ArrayList<>();
        List<TryCatchBlockNode> original = new ArrayList<>(m.tryCatchBlocks);
        List<TryCatchBlockNode> covers = new ArrayList<>();
        for (MethodInsnNode call : calls) {
            if (isThreadSleep(call)) {
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, SLEEP, SLEEP_DESC, false));
                rewritten++;
                continue;
            }
            MethodInsnNode helper = futureHelper(call);
            if (helper == null) {
                helper = channelHelper(call);
            }
            if (helper == null) {
                helper = httpClientHelper(call);
            }
            if (helper == null) {
                helper = processHelper(call);
            }
            if (helper != null) {
                m.instructions.set(call, helper);
                rewritten++;
                continue;
            }
            for (Entry e : entries) {
                if (e.matches(call)) {
                    List<TryCatchBlockNode> enclosing = enclosing(m, original, call);
                    TryCatchBlockNode handler = wrap(m, call, e.rule);
                    handlers.add(handler);
                    // The handler's rethrow sits at the end of the method, outside the try blocks
                    // around the call: give it the same ones, in the same order, so the exception
                    // still reaches the caller's own catch.
                    for (TryCatchBlockNode t : enclosing) {
                        covers.add(new TryCatchBlockNode(handler.handler, rethrowEnd(m), t.handler, t.type));
                    }
                    rewritten++;
                    break;
                }
            }
        }
        // Innermost first: the JVM takes the first matching entry of the exception table.
        m.tryCatchBlocks.addAll(0, handlers);
        m.tryCatchBlocks.addAll(covers);
        if (!handlers.isEmpty()) {
            // A wrap pushes at most two values over what its call had below it (receiver or null,
            // and the rule; the token over a return value; the token over the caught exception).
            m.maxStack += 2;
        }
        return rewritten;
    }

    /** The try blocks of {@code tryCatchBlocks} whose range holds {@code call}, in table order. */
    private static List<TryCatchBlockNode> enclosing(MethodNode m, List<TryCatchBlockNode> tryCatchBlocks, AbstractInsnNode call) {
        List<TryCatchBlockNode> found = new ArrayList<>();
        int at = m.instructions.indexOf(call);
        for (TryCatchBlockNode t : tryCatchBlocks) {
            if (m.instructions.indexOf(t.start) <= at && at < m.instructions.indexOf(t.end)) {
                found.add(t);
            }
        }
        return found;
    }

    /** A label after the last instruction: the end of the rethrow {@link #wrap} just appended. */
    private static LabelNode rethrowEnd(MethodNode m) {
        if (m.instructions.getLast() instanceof LabelNode) {
            return (LabelNode) m.instructions.getLast();
        }
        LabelNode end = new LabelNode();
        m.instructions.add(end);
        return end;
    }

    /** {@code new FileInputStream(...)} and the like: the only constructors in the table. */
    private static boolean isFileOpen(MethodInsnNode call) {
        return call.name.equals(INIT) && FILE_OPENERS.contains(call.owner);
    }

    /**
     * {@code future.get()}, {@code future.get(timeout, unit)} and {@code completableFuture.join()}
     * become the runtime's suspendable {@code Futures.get(future[, timeout, unit])} and
     * {@code Futures.join(future)} (the receiver is the helper's first argument, so the operand
     * stack is unchanged), which park the goroutine for a {@code CompletableFuture}; null for any
     * other call.
     */
    private static MethodInsnNode futureHelper(MethodInsnNode call) {
        int op = call.getOpcode();
        if (op != Opcodes.INVOKEVIRTUAL && op != Opcodes.INVOKEINTERFACE || !FUTURES.contains(call.owner)) {
            return null;
        }
        String receiver = "Ljava/util/concurrent/Future;";
        if (call.name.equals("join") && call.desc.equals(GET_DESC) && call.owner.equals(COMPLETABLE_FUTURE)) {
            receiver = "Ljava/util/concurrent/CompletableFuture;";
        } else if (!call.name.equals("get") || !call.desc.equals(GET_DESC) && !call.desc.equals(TIMED_GET_DESC)) {
            return null;
        }
        return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.FUTURES, call.name, "(" + receiver + call.desc.substring(1), false);
    }

    /**
     * {@code socketChannel.read/write(...)} (one buffer, scatter/gather, with or without a range) and
     * {@code serverSocketChannel.accept()} become the runtime's suspendable {@code ChannelCalls} methods
     * of the same name (the receiver is the first argument), which park the goroutine on the poller
     * while a blocking-mode channel is not ready and then make the call as a syscall; null for any
     * other call. Only these static types: a call through {@code ReadableByteChannel} and the like, and
     * {@code connect}, stay wrapped.
     */
    private static MethodInsnNode channelHelper(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL) {
            return null;
        }
        boolean socket = call.owner.equals(SOCKET_CHANNEL) && (call.name.equals("read") || call.name.equals("write"))
                && CHANNEL_IO_DESCS.contains(call.desc);
        boolean server = call.owner.equals(SERVER_SOCKET_CHANNEL) && call.name.equals("accept")
                && call.desc.equals("()L" + SOCKET_CHANNEL + ";");
        if (!socket && !server) {
            return null;
        }
        return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.CHANNEL_CALLS, call.name,
                "(L" + call.owner + ";" + call.desc.substring(1), false);
    }

    /**
     * {@code httpClient.send(request, handler)} becomes the runtime's suspendable
     * {@code HttpClientCalls.send(client, request, handler)}, which parks a goroutine until the JDK
     * client's response is in (the JDK's {@code send} waits inside its own frames); null for any
     * other call.
     */
    private static MethodInsnNode httpClientHelper(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL || !call.owner.equals(HTTP_CLIENT)
                || !call.name.equals(RuntimeNames.HTTP_CLIENT_SEND) || !call.desc.equals(RuntimeNames.HTTP_CLIENT_SEND_DESC)) {
            return null;
        }
        return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.HTTP_CLIENT_CALLS, call.name,
                "(L" + HTTP_CLIENT + ";" + call.desc.substring(1), false);
    }

    /**
     * {@code process.waitFor()} and {@code process.waitFor(timeout, unit)} become the runtime's
     * suspendable {@code ProcessCalls.waitFor(process[, timeout, unit])}, which parks a goroutine on
     * the process's {@code onExit()}; null for any other call.
     */
    private static MethodInsnNode processHelper(MethodInsnNode call) {
        if (call.getOpcode() != Opcodes.INVOKEVIRTUAL || !call.owner.equals(PROCESS) || !call.name.equals(RuntimeNames.PROCESS_WAIT_FOR)
                || !call.desc.equals("()I") && !call.desc.equals("(J" + TIMEOUT + ")Z")) {
            return null;
        }
        return new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.PROCESS_CALLS, call.name,
                "(L" + PROCESS + ";" + call.desc.substring(1), false);
    }

    private static boolean isThreadSleep(MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals("java/lang/Thread")
                && call.name.equals("sleep") && call.desc.equals("(J)V");
    }

    /**
     * {@code [recv] args -> spill; t = enter(recv or null, rule); [recv] args; call; exit(t)}, plus a
     * handler {@code exit(t); athrow} covering only the call. Returns that handler's entry.
     */
    private static TryCatchBlockNode wrap(MethodNode m, MethodInsnNode call, int rule) {
        Type[] args = Type.getArgumentTypes(call.desc);
        // A constructor's receiver is the uninitialized object: it stays on the stack (enter gets null).
        boolean hasReceiver = call.getOpcode() != Opcodes.INVOKESTATIC && !call.name.equals(INIT);
        int[] temps = new int[args.length];
        for (int a = 0; a < args.length; a++) {
            temps[a] = m.maxLocals;
            m.maxLocals += args[a].getSize();
        }
        int receiverTemp = hasReceiver ? m.maxLocals++ : -1;
        int token = m.maxLocals++;

        InsnList before = new InsnList();
        for (int a = args.length - 1; a >= 0; a--) {
            before.add(new VarInsnNode(args[a].getOpcode(Opcodes.ISTORE), temps[a]));
        }
        if (hasReceiver) {
            before.add(new VarInsnNode(Opcodes.ASTORE, receiverTemp));
            before.add(new VarInsnNode(Opcodes.ALOAD, receiverTemp));
        } else {
            before.add(new InsnNode(Opcodes.ACONST_NULL));
        }
        before.add(Helpers.pushInt(rule));
        before.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, ENTER, ENTER_DESC, false));
        before.add(new VarInsnNode(Opcodes.ISTORE, token));
        if (hasReceiver) {
            before.add(new VarInsnNode(Opcodes.ALOAD, receiverTemp));
        }
        for (int a = 0; a < args.length; a++) {
            before.add(new VarInsnNode(args[a].getOpcode(Opcodes.ILOAD), temps[a]));
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        before.add(start);
        m.instructions.insertBefore(call, before);

        InsnList after = new InsnList();
        after.add(end);
        after.add(new VarInsnNode(Opcodes.ILOAD, token));
        after.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, EXIT, EXIT_DESC, false));
        m.instructions.insert(call, after);

        LabelNode handler = new LabelNode();
        InsnList rethrow = new InsnList();
        rethrow.add(handler);
        rethrow.add(new VarInsnNode(Opcodes.ILOAD, token));
        rethrow.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, EXIT, EXIT_DESC, false));
        rethrow.add(new InsnNode(Opcodes.ATHROW));
        m.instructions.add(rethrow);
        return new TryCatchBlockNode(start, end, handler, null);
    }
}
