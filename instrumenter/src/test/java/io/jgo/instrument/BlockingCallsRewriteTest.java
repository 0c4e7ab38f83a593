package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The blocking-calls step: JDK entries and a user's {@code blocking=} methods are wrapped in
 * {@code Blocking.enter}/{@code exit}, {@code Thread.sleep} becomes {@code Blocking.sleep}, and a
 * call nobody listed is left alone. Checked on the rewritten bytecode (the runtime's
 * {@code BlockingCallsTest} shows the handoff at run time).
 */
class BlockingCallsRewriteTest {

    private final List<InstrumentationException> failures = new ArrayList<>();

    private Instrumenter instrumenter(RewriteOptions options) {
        return new Instrumenter(ClassBytes.of(null), new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e);
            }
        }, true, options);
    }

    /**
     * {@code @Goroutine static void work(CountDownLatch l, Object o) throws Exception
     * { l.await(); Thread.sleep(1); com.acme.Client.call(o); String.valueOf(o); }}.
     */
    private static byte[] caller() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Caller", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "work", "(Ljava/util/concurrent/CountDownLatch;Ljava/lang/Object;)V",
                null, new String[] {"java/lang/Exception"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/CountDownLatch", "await", "()V", false);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "sleep", "(J)V", false);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "com/acme/Client", "call", "(Ljava/lang/Object;)V", false);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        // @Goroutine static void drain(BlockingQueue q, List out) { out.add(q.take()); Go.gosched(); }: the wrapped
        // call sits on a value of its caller's, so the wrap needs more stack than the method had.
        m = cw.visitMethod(Opcodes.ACC_STATIC, "drain", "(Ljava/util/concurrent/BlockingQueue;Ljava/util/List;)V",
                null, new String[] {"java/lang/InterruptedException"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/concurrent/BlockingQueue", "take", "()Ljava/lang/Object;", true);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/List", "add", "(Ljava/lang/Object;)Z", true);
        m.visitInsn(Opcodes.POP);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "io/jgo/Go", "gosched", "()V", false); // so the method is analysed
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The calls of {@code work} in order, as {@code owner.name}. */
    private static List<String> calls(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("work")) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        MethodInsnNode call = (MethodInsnNode) insn;
                        calls.add(call.owner.substring(call.owner.lastIndexOf('/') + 1) + "." + call.name);
                    }
                }
            }
        }
        return calls;
    }

    private static List<String> body(List<String> calls) {
        List<String> kept = new ArrayList<>();
        for (String c : calls) {
            if (c.startsWith("Blocking.") || c.startsWith("CountDownLatch.") || c.startsWith("Client.")
                    || c.startsWith("String.") || c.startsWith("Thread.")) {
                kept.add(c);
            }
        }
        return kept;
    }

    @Test
    void jdkEntriesAreWrappedAndThreadSleepParks() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(caller());
        assertNotNull(out);
        assertEquals(List.of(), failures);
        List<String> body = body(calls(out));
        assertEquals("Blocking.enter", body.get(0), body.toString());
        assertEquals("CountDownLatch.await", body.get(1), body.toString());
        assertEquals("Blocking.exit", body.get(2), body.toString());
        assertTrue(body.contains("Blocking.sleep") && !body.contains("Thread.sleep"), body.toString());
        int client = body.indexOf("Client.call");
        assertTrue(client > 0 && !body.get(client - 1).equals("Blocking.enter"), "not listed, not wrapped: " + body);
        int valueOf = body.indexOf("String.valueOf");
        assertTrue(!body.get(valueOf - 1).equals("Blocking.enter"), body.toString());
    }

    @Test
    void aWrapOverTheCallersOwnValuesGetsTheStackItNeeds() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(caller());
        assertNotNull(out);
        assertEquals(List.of(), failures, "the rewrite (verified) refused a method");
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        for (MethodNode m : cn.methods) {
            if (m.name.equals("drain")) {
                List<String> calls = new ArrayList<>();
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        calls.add(((MethodInsnNode) insn).name);
                    }
                }
                assertTrue(calls.indexOf("enter") >= 0 && calls.indexOf("enter") < calls.indexOf("take"), calls.toString());
                return;
            }
        }
        throw new AssertionError("drain is missing");
    }

    @Test
    void aUsersBlockingMethodIsWrappedToo() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS).withBlocking(List.of("com.acme.Client.call")))
                .transform(caller());
        assertNotNull(out);
        List<String> body = body(calls(out));
        int client = body.indexOf("Client.call");
        assertEquals("Blocking.enter", body.get(client - 1), body.toString());
        assertEquals("Blocking.exit", body.get(client + 1), body.toString());
    }

    /**
     * {@code @Goroutine static int open(String p, byte[] b) throws IOException
     * { new ByteArrayInputStream(b); return new FileInputStream(p).read(); }}.
     */
    private static byte[] opener() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Opener", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "open", "(Ljava/lang/String;[B)I", null,
                new String[] {"java/io/IOException"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitTypeInsn(Opcodes.NEW, "java/io/ByteArrayInputStream");
        m.visitInsn(Opcodes.DUP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/io/ByteArrayInputStream", "<init>", "([B)V", false);
        m.visitInsn(Opcodes.POP);
        m.visitTypeInsn(Opcodes.NEW, "java/io/FileInputStream");
        m.visitInsn(Opcodes.DUP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/io/FileInputStream", "<init>", "(Ljava/lang/String;)V", false);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/FileInputStream", "read", "()I", false);
        m.visitInsn(Opcodes.IRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void openingAFileIsWrappedWithTheNewObjectLeftOnTheStack() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(opener());
        assertNotNull(out);
        assertEquals(List.of(), failures, "the rewrite (verified) refused the method");
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("open")) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        MethodInsnNode call = (MethodInsnNode) insn;
                        calls.add(call.owner.substring(call.owner.lastIndexOf('/') + 1) + "." + call.name);
                    }
                }
            }
        }
        assertEquals(List.of("ByteArrayInputStream.<init>",
                "Blocking.enter", "FileInputStream.<init>", "Blocking.exit",
                "Blocking.enter", "FileInputStream.read", "Blocking.exit"), calls.subList(0, 7));
    }

    /**
     * {@code @Goroutine static Object waitAll(Future f, CompletableFuture c, ForkJoinTask t)
     * { f.get(); f.get(1, SECONDS); c.join(); c.get(); return t.join(); }}.
     */
    private static byte[] futureCaller() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "FutureCaller", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "waitAll", "(Ljava/util/concurrent/Future;"
                + "Ljava/util/concurrent/CompletableFuture;Ljava/util/concurrent/ForkJoinTask;)Ljava/lang/Object;",
                null, new String[] {"java/lang/Exception"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/concurrent/Future", "get", "()Ljava/lang/Object;", true);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitFieldInsn(Opcodes.GETSTATIC, "java/util/concurrent/TimeUnit", "SECONDS", "Ljava/util/concurrent/TimeUnit;");
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/concurrent/Future", "get",
                "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;", true);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/CompletableFuture", "join", "()Ljava/lang/Object;", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/CompletableFuture", "get", "()Ljava/lang/Object;", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/ForkJoinTask", "join", "()Ljava/lang/Object;", false);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void futureGetAndJoinBecomeTheRuntimesParkingHelpers() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(futureCaller());
        assertNotNull(out, "the helpers are suspension points: the method is rewritten");
        assertEquals(List.of(), failures, "the rewrite (verified) refused a method");
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("waitAll")) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        MethodInsnNode call = (MethodInsnNode) insn;
                        if (call.owner.startsWith("java/util/concurrent/") || call.owner.equals(RuntimeNames.FUTURES)
                                || call.owner.endsWith("/Blocking")) {
                            calls.add(call.owner.substring(call.owner.lastIndexOf('/') + 1) + "." + call.name + call.desc);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(
                "Futures.get(Ljava/util/concurrent/Future;)Ljava/lang/Object;",
                "Futures.get(Ljava/util/concurrent/Future;JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;",
                "Futures.join(Ljava/util/concurrent/CompletableFuture;)Ljava/lang/Object;",
                "Futures.get(Ljava/util/concurrent/Future;)Ljava/lang/Object;",
                "Blocking.enter(Ljava/lang/Object;I)Z",
                "ForkJoinTask.join()Ljava/lang/Object;",
                "Blocking.exit(Z)V",
                "Blocking.exit(Z)V"), calls.subList(0, Math.min(calls.size(), 8)), calls.toString());
    }

    /**
     * {@code @Goroutine static Object io(SocketChannel c, ServerSocketChannel l, ReadableByteChannel r, ByteBuffer b)
     * { c.read(b); c.write(new ByteBuffer[] {b}, 0, 1); r.read(b); c.connect(null); return l.accept(); }}.
     */
    private static byte[] channelCaller() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "ChannelCaller", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "io", "(Ljava/nio/channels/SocketChannel;"
                + "Ljava/nio/channels/ServerSocketChannel;Ljava/nio/channels/ReadableByteChannel;Ljava/nio/ByteBuffer;)Ljava/lang/Object;",
                null, new String[] {"java/io/IOException"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/nio/channels/SocketChannel", "read", "(Ljava/nio/ByteBuffer;)I", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitInsn(Opcodes.ICONST_1);
        m.visitTypeInsn(Opcodes.ANEWARRAY, "java/nio/ByteBuffer");
        m.visitInsn(Opcodes.DUP);
        m.visitInsn(Opcodes.ICONST_0);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitInsn(Opcodes.AASTORE);
        m.visitInsn(Opcodes.ICONST_0);
        m.visitInsn(Opcodes.ICONST_1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/nio/channels/SocketChannel", "write", "([Ljava/nio/ByteBuffer;II)J", false);
        m.visitInsn(Opcodes.POP2);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/nio/channels/ReadableByteChannel", "read", "(Ljava/nio/ByteBuffer;)I", true);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitInsn(Opcodes.ACONST_NULL);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/nio/channels/SocketChannel", "connect", "(Ljava/net/SocketAddress;)Z", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/nio/channels/ServerSocketChannel", "accept", "()Ljava/nio/channels/SocketChannel;", false);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void socketChannelReadWriteAndAcceptBecomeTheRuntimesParkingHelpersOthersStayWrapped() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(channelCaller());
        assertNotNull(out, "the helpers are suspension points: the method is rewritten");
        assertEquals(List.of(), failures, "the rewrite (verified) refused a method");
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("io")) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        MethodInsnNode call = (MethodInsnNode) insn;
                        if (call.owner.startsWith("java/nio/channels/") || call.owner.equals(RuntimeNames.CHANNEL_CALLS)
                                || call.owner.endsWith("/Blocking")) {
                            calls.add(call.owner.substring(call.owner.lastIndexOf('/') + 1) + "." + call.name + call.desc);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(
                "ChannelCalls.read(Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I",
                "ChannelCalls.write(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;II)J",
                "Blocking.enter(Ljava/lang/Object;I)Z",
                "ReadableByteChannel.read(Ljava/nio/ByteBuffer;)I",
                "Blocking.exit(Z)V",
                "Blocking.enter(Ljava/lang/Object;I)Z",
                "SocketChannel.connect(Ljava/net/SocketAddress;)Z",
                "Blocking.exit(Z)V",
                "ChannelCalls.accept(Ljava/nio/channels/ServerSocketChannel;)Ljava/nio/channels/SocketChannel;"),
                calls.subList(0, Math.min(calls.size(), 9)), calls.toString());
    }

    @Test
    void processWaitForBecomesTheRuntimesParkingHelperAndItsDurationFormStaysWrapped() {
        byte[] out = instrumenter(RewriteOptions.of(PreemptMode.LOOPS)).transform(processCaller());
        assertNotNull(out, "the helpers are suspension points: the method is rewritten");
        assertEquals(List.of(), failures, "the rewrite (verified) refused a method");
        ClassNode cn = new ClassNode();
        new ClassReader(out).accept(cn, 0);
        List<String> calls = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("await")) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode) {
                        MethodInsnNode call = (MethodInsnNode) insn;
                        if (call.owner.equals("java/lang/Process") || call.owner.equals(RuntimeNames.PROCESS_CALLS)
                                || call.owner.endsWith("/Blocking")) {
                            calls.add(call.owner.substring(call.owner.lastIndexOf('/') + 1) + "." + call.name + call.desc);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(
                "ProcessCalls.waitFor(Ljava/lang/Process;)I",
                "ProcessCalls.waitFor(Ljava/lang/Process;JLjava/util/concurrent/TimeUnit;)Z",
                "Blocking.enter(Ljava/lang/Object;I)Z",
                "Process.waitFor(Ljava/time/Duration;)Z",
                "Blocking.exit(Z)V"),
                calls.subList(0, Math.min(calls.size(), 5)), calls.toString());
        // The table's Process.waitFor entry is not shadowed dead: it wraps waitFor(Duration) (JDK 19+),
        // and PlainCallees asks wraps() whether a JDK call may block, so every form must answer yes.
        BlockingCalls standard = BlockingCalls.standard();
        assertTrue(standard.wraps("java/lang/Process", "waitFor", "()I"));
        assertTrue(standard.wraps("java/lang/Process", "waitFor", "(JLjava/util/concurrent/TimeUnit;)Z"));
        assertTrue(standard.wraps("java/lang/Process", "waitFor", "(Ljava/time/Duration;)Z"));
    }

    /**
     * {@code @Goroutine static Object await(Process p, Duration d) throws InterruptedException
     * { p.waitFor(); p.waitFor(1, SECONDS); p.waitFor(d); return null; }}
     */
    private static byte[] processCaller() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object";
            }
        };
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "ProcessCaller", null, "java/lang/Object", null);
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "await", "(Ljava/lang/Process;Ljava/time/Duration;)Ljava/lang/Object;",
                null, new String[] {"java/lang/InterruptedException"});
        m.visitAnnotation(RuntimeNames.GOROUTINE_DESC, false);
        m.visitCode();
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Process", "waitFor", "()I", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitInsn(Opcodes.LCONST_1);
        m.visitFieldInsn(Opcodes.GETSTATIC, "java/util/concurrent/TimeUnit", "SECONDS", "Ljava/util/concurrent/TimeUnit;");
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Process", "waitFor", "(JLjava/util/concurrent/TimeUnit;)Z", false);
        m.visitInsn(Opcodes.POP);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Process", "waitFor", "(Ljava/time/Duration;)Z", false);
        m.visitInsn(Opcodes.POP);
        m.visitInsn(Opcodes.ACONST_NULL);
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void aBlockingEntryMustBeAQualifiedMethod() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RewriteOptions.of(PreemptMode.LOOPS).withBlocking(List.of("call")));
        assertTrue(e.getMessage().contains("expected a fully qualified method"), e.getMessage());
    }
}
