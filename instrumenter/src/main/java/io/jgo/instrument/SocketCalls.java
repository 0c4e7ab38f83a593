package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * {@code java.net.Socket} streams that park: one pipeline step, run on every rewritten method right
 * before {@link BlockingCalls} (whose wraps it pre-empts), that sends a goroutine's socket calls to
 * the runtime's {@code io.jgo.internal.sockets.SocketIo}:
 * <ul>
 * <li>constructions ({@code NEW T; DUP; args; INVOKESPECIAL T.<init>}) of {@code Socket},
 *     {@code ServerSocket} (the public forms but the Proxy/SocketImpl ones) and of the decorators
 *     {@code InputStreamReader}, {@code BufferedReader}, {@code BufferedInputStream},
 *     {@code DataInputStream} become one static factory call with the same arguments returning the
 *     declared type ({@code NEW} and {@code DUP} are removed): a channel-backed socket, a decorator
 *     that parks when what it wraps parks, else the JDK's own object. A user's subclass
 *     ({@code new MySocket()}) is a different owner and is left alone;</li>
 * <li>{@code ServerSocket.accept}, {@code Socket.getInputStream}, {@code Socket.connect} and the read calls declared on the
 *     JDK's input streams and readers ({@code read}, {@code readLine}, {@code readInt},
 *     {@code readFully}, ...) become the static of the same name with the receiver as first
 *     argument, which dispatches to the parking implementation or makes the JDK call.</li>
 * <li>TLS, to the runtime's {@code io.jgo.internal.sockets.TlsIo}: the static
 *     {@code SSLSocketFactory.getDefault()} and {@code SSLServerSocketFactory.getDefault()}, and the
 *     instance calls {@code SSLContext.getSocketFactory()}/{@code getServerSocketFactory()},
 *     {@code createSocket(host|address, port)} (on {@code SocketFactory} or {@code SSLSocketFactory}),
 *     {@code SSLServerSocket.accept}, {@code SSLSocket.startHandshake}/{@code getSession}/
 *     {@code getInputStream}/{@code getOutputStream} and {@code Socket.getOutputStream}: the JDK
 *     provider's factories become jgo's, whose sockets park (the statics keep the call's descriptor,
 *     the receiver first).</li>
 * <li>the write side ({@link SocketWriteCalls}' table): the output decorators' constructions and
 *     the writes of output streams and writers go to {@code OutputIo}, {@code WriterIo} and
 *     {@code PrintIo}.</li>
 * </ul>
 * The runtime's own socket classes are left alone (their calls of these methods are the fallbacks).
 */
final class SocketCalls {

    static final String SOCKET_IO = RuntimeNames.SOCKET_IO;

    /** Constructors redirected: owner + descriptor -> factory name. */
    private static final Map<String, String> FACTORIES = new HashMap<>();
    /** Instance calls redirected: the owners, per method name + descriptor. */
    private static final Map<String, Set<String>> CALLS = new HashMap<>();

    private static final Set<String> INPUT_STREAMS = Set.of("java/io/InputStream", "java/io/BufferedInputStream",
            "java/io/DataInputStream", "java/io/FilterInputStream");
    private static final Set<String> READERS = Set.of("java/io/Reader", "java/io/InputStreamReader", "java/io/BufferedReader");
    private static final Set<String> DATA = Set.of("java/io/DataInputStream");

    static final String TLS_IO = RuntimeNames.TLS_IO;
    /** TLS instance calls redirected to {@code TlsIo}: the owners, per method name + descriptor. */
    private static final Map<String, Set<String>> TLS_CALLS = new HashMap<>();
    /** TLS static calls redirected: owner + name + descriptor -> the {@code TlsIo} static (no arguments). */
    private static final Map<String, String> TLS_STATICS = Map.of(
            "javax/net/ssl/SSLSocketFactory.getDefault()Ljavax/net/SocketFactory;", "defaultSocketFactory",
            "javax/net/ssl/SSLServerSocketFactory.getDefault()Ljavax/net/ServerSocketFactory;", "defaultServerSocketFactory");
    private static final Set<String> SOCKET_FACTORIES = Set.of("javax/net/SocketFactory", "javax/net/ssl/SSLSocketFactory");
    private static final String SSL_SOCKET = "javax/net/ssl/SSLSocket";

    static {
        factory("java/net/Socket", "()V", "newSocket");
        factory("java/net/Socket", "(Ljava/lang/String;I)V", "newSocket");
        factory("java/net/Socket", "(Ljava/net/InetAddress;I)V", "newSocket");
        factory("java/net/ServerSocket", "()V", "newServerSocket");
        factory("java/net/ServerSocket", "(I)V", "newServerSocket");
        factory("java/net/ServerSocket", "(II)V", "newServerSocket");
        factory("java/net/ServerSocket", "(IILjava/net/InetAddress;)V", "newServerSocket");
        factory("java/io/InputStreamReader", "(Ljava/io/InputStream;)V", "newInputStreamReader");
        factory("java/io/InputStreamReader", "(Ljava/io/InputStream;Ljava/nio/charset/Charset;)V", "newInputStreamReader");
        factory("java/io/InputStreamReader", "(Ljava/io/InputStream;Ljava/lang/String;)V", "newInputStreamReader");
        factory("java/io/BufferedReader", "(Ljava/io/Reader;)V", "newBufferedReader");
        factory("java/io/BufferedReader", "(Ljava/io/Reader;I)V", "newBufferedReader");
        factory("java/io/BufferedInputStream", "(Ljava/io/InputStream;)V", "newBufferedInputStream");
        factory("java/io/BufferedInputStream", "(Ljava/io/InputStream;I)V", "newBufferedInputStream");
        factory("java/io/DataInputStream", "(Ljava/io/InputStream;)V", "newDataInputStream");

        call(Set.of("java/net/ServerSocket"), "accept", "()Ljava/net/Socket;");
        call(Set.of("java/net/Socket"), "getInputStream", "()Ljava/io/InputStream;");
        call(Set.of("java/net/Socket"), "connect", "(Ljava/net/SocketAddress;)V");
        call(Set.of("java/net/Socket"), "connect", "(Ljava/net/SocketAddress;I)V");
        call(INPUT_STREAMS, "read", "()I");
        call(INPUT_STREAMS, "read", "([B)I");
        call(INPUT_STREAMS, "read", "([BII)I");
        call(READERS, "read", "()I");
        call(READERS, "read", "([C)I");
        call(READERS, "read", "([CII)I");
        call(Set.of("java/io/BufferedReader"), "readLine", "()Ljava/lang/String;");
        call(DATA, "readFully", "([B)V");
        call(DATA, "readFully", "([BII)V");
        call(DATA, "readInt", "()I");
        call(DATA, "readLong", "()J");
        call(DATA, "readShort", "()S");
        call(DATA, "readUnsignedShort", "()I");
        call(DATA, "readChar", "()C");
        call(DATA, "readByte", "()B");
        call(DATA, "readUnsignedByte", "()I");
        call(DATA, "readBoolean", "()Z");
        call(DATA, "readUTF", "()Ljava/lang/String;");

        tls(Set.of("javax/net/ssl/SSLContext"), "getSocketFactory", "()Ljavax/net/ssl/SSLSocketFactory;");
        tls(Set.of("javax/net/ssl/SSLContext"), "getServerSocketFactory", "()Ljavax/net/ssl/SSLServerSocketFactory;");
        tls(SOCKET_FACTORIES, "createSocket", "(Ljava/lang/String;I)Ljava/net/Socket;");
        tls(SOCKET_FACTORIES, "createSocket", "(Ljava/net/InetAddress;I)Ljava/net/Socket;");
        tls(Set.of("javax/net/ssl/SSLServerSocket"), "accept", "()Ljava/net/Socket;");
        tls(Set.of(SSL_SOCKET), "startHandshake", "()V");
        tls(Set.of(SSL_SOCKET), "getSession", "()Ljavax/net/ssl/SSLSession;");
        tls(Set.of("java/net/Socket", SSL_SOCKET), "getOutputStream", "()Ljava/io/OutputStream;");
        tls(Set.of(SSL_SOCKET), "getInputStream", "()Ljava/io/InputStream;");
    }

    private static void tls(Set<String> owners, String name, String desc) {
        TLS_CALLS.put(name + desc, owners);
    }

    private static void factory(String owner, String desc, String name) {
        FACTORIES.put(owner + '.' + desc, name);
    }

    private static void call(Set<String> owners, String name, String desc) {
        CALLS.merge(name + desc, owners, (a, b) -> {
            Set<String> both = new java.util.HashSet<>(a);
            both.addAll(b);
            return Set.copyOf(both);
        });
    }

    /** The static that stands in for an instance call: the receiver becomes the first argument. */
    static String staticDesc(String owner, String desc) {
        return "(L" + owner + ';' + desc.substring(1);
    }

    /**
     * The statics that may suspend, as {@code name + descriptor} (the runtime table lists them): the
     * stand-ins of the reads and of {@code accept}, and the factories that connect; the others and
     * {@code getInputStream} do not park.
     */
    static String[] suspendingHelpers() {
        Set<String> all = new java.util.TreeSet<>();
        // A goroutine's connect parks on the poller (the factories that connect, and their helper).
        all.add("newSocket(Ljava/lang/String;I)Ljava/net/Socket;");
        all.add("newSocket(Ljava/net/InetAddress;I)Ljava/net/Socket;");
        all.add("connected(Ljava/net/InetSocketAddress;)Ljava/net/Socket;");
        for (Map.Entry<String, Set<String>> c : CALLS.entrySet()) {
            String name = c.getKey().substring(0, c.getKey().indexOf('('));
            String desc = c.getKey().substring(c.getKey().indexOf('('));
            if (!name.equals("getInputStream")) {
                for (String owner : c.getValue()) {
                    all.add(name + staticDesc(owner, desc));
                }
            }
        }
        return all.toArray(new String[0]);
    }

    /** {@code TlsIo}'s stand-ins that may suspend (all but the getters that never wait), with its {@code internal} helpers that do. */
    static String[] tlsSuspendingHelpers(String... internal) {
        Set<String> all = new java.util.TreeSet<>(List.of(internal));
        for (Map.Entry<String, Set<String>> c : TLS_CALLS.entrySet()) {
            String name = c.getKey().substring(0, c.getKey().indexOf('('));
            String desc = c.getKey().substring(c.getKey().indexOf('('));
            if (!name.equals("getInputStream") && !name.endsWith("Factory")) {
                for (String owner : c.getValue()) {
                    all.add(name + staticDesc(owner, desc));
                }
            }
        }
        return all.toArray(new String[0]);
    }

    private SocketCalls() {
    }

    /** Rewrites the socket calls of {@code m}, a method of class {@code owner}; returns how many. */
    static int apply(String owner, MethodNode m) {
        if (owner.startsWith(RuntimeNames.SOCKETS_PACKAGE)) {
            return 0;
        }
        int rewritten = 0;
        List<MethodInsnNode> inits = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions.toArray()) {
            if (!(insn instanceof MethodInsnNode)) {
                continue;
            }
            MethodInsnNode call = (MethodInsnNode) insn;
            if (call.getOpcode() == Opcodes.INVOKESPECIAL) {
                if (call.name.equals("<init>") && factory(call) != null) {
                    inits.add(call);
                }
                continue;
            }
            if (call.getOpcode() == Opcodes.INVOKESTATIC) {
                String standIn = TLS_STATICS.get(call.owner + '.' + call.name + call.desc);
                if (standIn != null) {
                    m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, TLS_IO, standIn, call.desc, false));
                    rewritten++;
                }
                continue;
            }
            if (call.getOpcode() != Opcodes.INVOKEVIRTUAL) {
                continue;
            }
            MethodInsnNode write = SocketWriteCalls.standIn(call);
            if (write != null) {
                m.instructions.set(call, write);
                rewritten++;
                continue;
            }
            Set<String> owners = CALLS.get(call.name + call.desc);
            Set<String> tlsOwners = TLS_CALLS.get(call.name + call.desc);
            if (owners != null && owners.contains(call.owner)) {
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, SOCKET_IO, call.name,
                        staticDesc(call.owner, call.desc), false));
                rewritten++;
            } else if (tlsOwners != null && tlsOwners.contains(call.owner)) {
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, TLS_IO, call.name,
                        staticDesc(call.owner, call.desc), false));
                rewritten++;
            }
        }
        if (!inits.isEmpty()) {
            rewritten += redirectConstructions(owner, m, inits);
        }
        return rewritten;
    }

    /** {@code NEW T; DUP; args; INVOKESPECIAL T.<init>} to {@code args; INVOKESTATIC SocketIo.newT(args)T}. */
    private static int redirectConstructions(String owner, MethodNode m, List<MethodInsnNode> inits) {
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        } catch (AnalyzerException e) {
            return 0; // left to the later steps, which report what is wrong with the method
        }
        InsnList insns = m.instructions;
        List<AbstractInsnNode[]> found = new ArrayList<>();
        for (MethodInsnNode call : inits) {
            Frame<SourceValue> f = frames[insns.indexOf(call)];
            if (f == null) {
                continue;
            }
            int args = Type.getArgumentTypes(call.desc).length;
            SourceValue receiver = f.getStack(f.getStackSize() - 1 - args);
            if (receiver.insns.size() != 1) {
                continue;
            }
            AbstractInsnNode dup = receiver.insns.iterator().next();
            if (dup.getOpcode() != Opcodes.DUP) {
                continue;
            }
            AbstractInsnNode newInsn = previousReal(dup);
            if (newInsn == null || newInsn.getOpcode() != Opcodes.NEW || !((TypeInsnNode) newInsn).desc.equals(call.owner)) {
                continue;
            }
            found.add(new AbstractInsnNode[] {newInsn, dup, call});
        }
        for (AbstractInsnNode[] f : found) {
            MethodInsnNode call = (MethodInsnNode) f[2];
            insns.remove(f[0]);
            insns.remove(f[1]);
            String[] factory = factory(call);
            String desc = call.desc.substring(0, call.desc.length() - 1) + 'L' + call.owner + ';';
            insns.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, factory[0], factory[1], desc, false));
        }
        return found.size();
    }

    /** The stand-in of constructor {@code init}, as {class, factory name}: the read side's or the write side's; null if none. */
    private static String[] factory(MethodInsnNode init) {
        String key = init.owner + '.' + init.desc;
        String name = FACTORIES.get(key);
        return name != null ? new String[] {SOCKET_IO, name} : SocketWriteCalls.FACTORIES.get(key);
    }

    private static AbstractInsnNode previousReal(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }
}
