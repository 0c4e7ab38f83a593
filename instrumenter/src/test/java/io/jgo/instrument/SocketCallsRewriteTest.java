package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * The socket step: {@code new Socket(host, port)} and the decorators' constructions become the
 * runtime's factories ({@code NEW}/{@code DUP} gone, the method still verifies), the reads and
 * {@code getInputStream} become its statics with the receiver first, a user's subclass and calls on
 * other owners are left alone, and the runtime's own socket classes are not touched.
 */
class SocketCallsRewriteTest {

    /**
     * {@code static String work(String host, int port) { Socket s = new Socket(host, port);
     * BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream()));
     * new MySocket(); r.ready(); return r.readLine(); }}.
     */
    private static MethodNode work() {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "work", "(Ljava/lang/String;I)Ljava/lang/String;", null, null);
        m.visitCode();
        m.visitTypeInsn(Opcodes.NEW, "java/net/Socket");
        m.visitInsn(Opcodes.DUP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ILOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/net/Socket", "<init>", "(Ljava/lang/String;I)V", false);
        m.visitVarInsn(Opcodes.ASTORE, 2);
        m.visitTypeInsn(Opcodes.NEW, "java/io/BufferedReader");
        m.visitInsn(Opcodes.DUP);
        m.visitTypeInsn(Opcodes.NEW, "java/io/InputStreamReader");
        m.visitInsn(Opcodes.DUP);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/net/Socket", "getInputStream", "()Ljava/io/InputStream;", false);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/io/InputStreamReader", "<init>", "(Ljava/io/InputStream;)V", false);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/io/BufferedReader", "<init>", "(Ljava/io/Reader;)V", false);
        m.visitVarInsn(Opcodes.ASTORE, 3);
        m.visitTypeInsn(Opcodes.NEW, "com/acme/MySocket");
        m.visitInsn(Opcodes.DUP);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "com/acme/MySocket", "<init>", "()V", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/BufferedReader", "ready", "()Z", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/BufferedReader", "readLine", "()Ljava/lang/String;", false);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(6, 4);
        m.visitEnd();
        return m;
    }

    private static List<String> calls(MethodNode m) {
        List<String> out = new ArrayList<>();
        for (AbstractInsnNode i : m.instructions) {
            if (i instanceof MethodInsnNode) {
                MethodInsnNode c = (MethodInsnNode) i;
                out.add(c.owner + "." + c.name + c.desc);
            } else if (i.getOpcode() == Opcodes.NEW) {
                out.add("NEW " + ((TypeInsnNode) i).desc);
            }
        }
        return out;
    }

    @Test
    void constructionsBecomeFactoriesAndReadsBecomeStaticsTheRestStays() throws Exception {
        MethodNode m = work();
        assertEquals(5, SocketCalls.apply("com/acme/Caller", m));
        String io = "io/jgo/internal/sockets/SocketIo.";
        assertEquals(List.of(
                io + "newSocket(Ljava/lang/String;I)Ljava/net/Socket;",
                io + "getInputStream(Ljava/net/Socket;)Ljava/io/InputStream;",
                io + "newInputStreamReader(Ljava/io/InputStream;)Ljava/io/InputStreamReader;",
                io + "newBufferedReader(Ljava/io/Reader;)Ljava/io/BufferedReader;",
                "NEW com/acme/MySocket",
                "com/acme/MySocket.<init>()V",
                "java/io/BufferedReader.ready()Z",
                io + "readLine(Ljava/io/BufferedReader;)Ljava/lang/String;"), calls(m));
        new Analyzer<>(new BasicVerifier()).analyze("com/acme/Caller", m); // still verifies
    }

    @Test
    void theRuntimesOwnSocketClassesAreLeftAlone() {
        MethodNode m = work();
        assertEquals(0, SocketCalls.apply("io/jgo/internal/sockets/SocketIo", m));
        assertTrue(calls(m).contains("NEW java/net/Socket"));
    }

    @Test
    void everyStaticTheStepCallsThatMaySuspendIsInTheRuntimeTable() {
        ClassInfo io = RuntimeNames.knownRuntimeClass(SocketCalls.SOCKET_IO);
        for (String helper : SocketCalls.suspendingHelpers()) {
            assertTrue(io.suspendables.contains(helper), helper);
        }
        assertTrue(io.suspendables.contains("readLine(Ljava/io/BufferedReader;)Ljava/lang/String;"));
        assertTrue(io.suspendables.contains("read(Ljava/io/InputStream;)I"));
        assertTrue(io.suspendables.contains("read(Ljava/io/Reader;)I"));
        assertTrue(io.suspendables.contains("accept(Ljava/net/ServerSocket;)Ljava/net/Socket;"));
    }

    /**
     * {@code static Socket tls(SSLContext c) { SSLSocketFactory.getDefault(); SSLSocket s = (SSLSocket)
     * c.getSocketFactory().createSocket("h", 1); s.startHandshake(); s.getOutputStream();
     * s.getEnabledProtocols(); return s; }}.
     */
    private static MethodNode tls() {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "tls", "(Ljavax/net/ssl/SSLContext;)Ljava/net/Socket;", null, null);
        m.visitCode();
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "javax/net/ssl/SSLSocketFactory", "getDefault", "()Ljavax/net/SocketFactory;", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/net/ssl/SSLContext", "getSocketFactory", "()Ljavax/net/ssl/SSLSocketFactory;", false);
        m.visitLdcInsn("h");
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/net/ssl/SSLSocketFactory", "createSocket", "(Ljava/lang/String;I)Ljava/net/Socket;", false);
        m.visitTypeInsn(Opcodes.CHECKCAST, "javax/net/ssl/SSLSocket");
        m.visitVarInsn(Opcodes.ASTORE, 1);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/net/ssl/SSLSocket", "startHandshake", "()V", false);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/net/ssl/SSLSocket", "getOutputStream", "()Ljava/io/OutputStream;", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/net/ssl/SSLSocket", "getEnabledProtocols", "()[Ljava/lang/String;", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(3, 2);
        m.visitEnd();
        return m;
    }

    @Test
    void tlsFactoriesConnectsHandshakesAndOutputGoToTlsIoTheRestStays() throws Exception {
        MethodNode m = tls();
        assertEquals(5, SocketCalls.apply("com/acme/Caller", m));
        String io = "io/jgo/internal/sockets/TlsIo.";
        assertEquals(List.of(io + "defaultSocketFactory()Ljavax/net/SocketFactory;",
                io + "getSocketFactory(Ljavax/net/ssl/SSLContext;)Ljavax/net/ssl/SSLSocketFactory;",
                io + "createSocket(Ljavax/net/ssl/SSLSocketFactory;Ljava/lang/String;I)Ljava/net/Socket;",
                io + "startHandshake(Ljavax/net/ssl/SSLSocket;)V",
                io + "getOutputStream(Ljavax/net/ssl/SSLSocket;)Ljava/io/OutputStream;",
                "javax/net/ssl/SSLSocket.getEnabledProtocols()[Ljava/lang/String;"), calls(m));
        new Analyzer<>(new BasicVerifier()).analyze("com/acme/Caller", m);
        assertTrue(List.of(SocketCalls.tlsSuspendingHelpers()).contains(
                "createSocket(Ljavax/net/ssl/SSLSocketFactory;Ljava/lang/String;I)Ljava/net/Socket;"));
        assertTrue(!List.of(SocketCalls.tlsSuspendingHelpers()).contains(
                "getSocketFactory(Ljavax/net/ssl/SSLContext;)Ljavax/net/ssl/SSLSocketFactory;"), "a getter never waits");
    }
}
