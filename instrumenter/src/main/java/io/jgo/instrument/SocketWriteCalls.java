package io.jgo.instrument;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The write side of {@link SocketCalls}' table: which constructions and instance calls of the JDK's
 * output streams and writers go to the runtime's {@code io.jgo.internal.sockets} stand-ins, so that
 * a goroutine writing a {@code java.net.Socket} (directly or through a {@code PrintWriter},
 * {@code BufferedWriter}, {@code OutputStreamWriter}, {@code BufferedOutputStream} or
 * {@code DataOutputStream}) parks while the send buffer is full.
 * <ul>
 * <li>constructions: the decorators' public constructors (but {@code OutputStreamWriter}'s
 *     {@code CharsetEncoder} form and {@code PrintWriter}'s file forms) become a static factory of
 *     the same arguments (rewritten by {@link SocketCalls#apply}, as the read side's);</li>
 * <li>instance calls: {@code write}, {@code flush}, {@code close} of the output streams
 *     ({@code OutputIo}), {@code DataOutputStream}'s final {@code writeInt}, {@code writeUTF}, ...
 *     ({@code OutputIo}), {@code write}, {@code append}, {@code flush}, {@code close},
 *     {@code newLine} of the writers ({@code WriterIo}) and {@code PrintWriter}'s own methods
 *     ({@code PrintIo}) become the static of the same name whose first parameter is the family's
 *     base type (the receiver, whatever static type the call named) and whose result is the call's.</li>
 * </ul>
 */
final class SocketWriteCalls {

    static final String OUTPUT_IO = RuntimeNames.SOCKETS_PACKAGE + "OutputIo";
    static final String WRITER_IO = RuntimeNames.SOCKETS_PACKAGE + "WriterIo";
    static final String PRINT_IO = RuntimeNames.SOCKETS_PACKAGE + "PrintIo";

    private static final String OUTPUT_STREAM = "java/io/OutputStream";
    private static final String WRITER = "java/io/Writer";
    private static final String PRINT_WRITER = "java/io/PrintWriter";
    private static final String DATA_OUTPUT = "java/io/DataOutputStream";
    private static final Set<String> OUTPUT_STREAMS = Set.of(OUTPUT_STREAM, "java/io/FilterOutputStream",
            "java/io/BufferedOutputStream", DATA_OUTPUT);
    private static final Set<String> WRITERS = Set.of(WRITER, "java/io/OutputStreamWriter", "java/io/BufferedWriter",
            PRINT_WRITER);

    /** One redirected call: the stand-in's class and its first parameter's type. */
    private static final class Target {
        final Set<String> owners;
        final String standIn;
        final String base;

        Target(Set<String> owners, String standIn, String base) {
            this.owners = owners;
            this.standIn = standIn;
            this.base = base;
        }
    }

    /** Instance calls, per method name + descriptor (one target per family: {@code write(I)V} is a stream's and a writer's). */
    private static final Map<String, List<Target>> CALLS = new HashMap<>();
    /** Constructors: owner + '.' + descriptor -> {class, factory name}. */
    static final Map<String, String[]> FACTORIES = new HashMap<>();

    static {
        factory("java/io/BufferedOutputStream", "(Ljava/io/OutputStream;)V", OUTPUT_IO, "newBufferedOutputStream");
        factory("java/io/BufferedOutputStream", "(Ljava/io/OutputStream;I)V", OUTPUT_IO, "newBufferedOutputStream");
        factory(DATA_OUTPUT, "(Ljava/io/OutputStream;)V", OUTPUT_IO, "newDataOutputStream");
        factory("java/io/OutputStreamWriter", "(Ljava/io/OutputStream;)V", WRITER_IO, "newOutputStreamWriter");
        factory("java/io/OutputStreamWriter", "(Ljava/io/OutputStream;Ljava/lang/String;)V", WRITER_IO, "newOutputStreamWriter");
        factory("java/io/OutputStreamWriter", "(Ljava/io/OutputStream;Ljava/nio/charset/Charset;)V", WRITER_IO,
                "newOutputStreamWriter");
        factory("java/io/BufferedWriter", "(Ljava/io/Writer;)V", WRITER_IO, "newBufferedWriter");
        factory("java/io/BufferedWriter", "(Ljava/io/Writer;I)V", WRITER_IO, "newBufferedWriter");
        factory(PRINT_WRITER, "(Ljava/io/Writer;)V", WRITER_IO, "newPrintWriter");
        factory(PRINT_WRITER, "(Ljava/io/Writer;Z)V", WRITER_IO, "newPrintWriter");
        factory(PRINT_WRITER, "(Ljava/io/OutputStream;)V", WRITER_IO, "newPrintWriter");
        factory(PRINT_WRITER, "(Ljava/io/OutputStream;Z)V", WRITER_IO, "newPrintWriter");
        factory(PRINT_WRITER, "(Ljava/io/OutputStream;ZLjava/nio/charset/Charset;)V", WRITER_IO, "newPrintWriter");

        for (String desc : List.of("(I)V", "([B)V", "([BII)V")) {
            call(OUTPUT_STREAMS, "write", desc, OUTPUT_IO, OUTPUT_STREAM);
        }
        call(OUTPUT_STREAMS, "flush", "()V", OUTPUT_IO, OUTPUT_STREAM);
        call(OUTPUT_STREAMS, "close", "()V", OUTPUT_IO, OUTPUT_STREAM);
        for (String[] w : new String[][] {{"writeBoolean", "(Z)V"}, {"writeByte", "(I)V"}, {"writeShort", "(I)V"},
                {"writeChar", "(I)V"}, {"writeInt", "(I)V"}, {"writeLong", "(J)V"}, {"writeFloat", "(F)V"},
                {"writeDouble", "(D)V"}, {"writeBytes", "(Ljava/lang/String;)V"}, {"writeChars", "(Ljava/lang/String;)V"},
                {"writeUTF", "(Ljava/lang/String;)V"}}) {
            call(Set.of(DATA_OUTPUT), w[0], w[1], OUTPUT_IO, DATA_OUTPUT);
        }

        for (String desc : List.of("(I)V", "([C)V", "([CII)V", "(Ljava/lang/String;)V", "(Ljava/lang/String;II)V")) {
            call(WRITERS, "write", desc, WRITER_IO, WRITER);
        }
        call(WRITERS, "flush", "()V", WRITER_IO, WRITER);
        call(WRITERS, "close", "()V", WRITER_IO, WRITER);
        call(WRITERS, "append", "(Ljava/lang/CharSequence;)Ljava/io/Writer;", WRITER_IO, WRITER);
        call(WRITERS, "append", "(Ljava/lang/CharSequence;II)Ljava/io/Writer;", WRITER_IO, WRITER);
        call(WRITERS, "append", "(C)Ljava/io/Writer;", WRITER_IO, WRITER);
        call(Set.of("java/io/BufferedWriter"), "newLine", "()V", WRITER_IO, "java/io/BufferedWriter");

        Set<String> print = Set.of(PRINT_WRITER);
        for (String arg : List.of("Z", "C", "I", "J", "F", "D", "[C", "Ljava/lang/String;", "Ljava/lang/Object;")) {
            call(print, "print", "(" + arg + ")V", PRINT_IO, PRINT_WRITER);
            call(print, "println", "(" + arg + ")V", PRINT_IO, PRINT_WRITER);
        }
        call(print, "println", "()V", PRINT_IO, PRINT_WRITER);
        for (String name : List.of("printf", "format")) {
            call(print, name, "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;", PRINT_IO, PRINT_WRITER);
            call(print, name, "(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintWriter;", PRINT_IO,
                    PRINT_WRITER);
        }
        call(print, "append", "(Ljava/lang/CharSequence;)Ljava/io/PrintWriter;", PRINT_IO, PRINT_WRITER);
        call(print, "append", "(Ljava/lang/CharSequence;II)Ljava/io/PrintWriter;", PRINT_IO, PRINT_WRITER);
        call(print, "append", "(C)Ljava/io/PrintWriter;", PRINT_IO, PRINT_WRITER);
        call(print, "checkError", "()Z", PRINT_IO, PRINT_WRITER);
    }

    private SocketWriteCalls() {
    }

    private static void factory(String owner, String desc, String standIn, String name) {
        FACTORIES.put(owner + '.' + desc, new String[] {standIn, name});
    }

    private static void call(Set<String> owners, String name, String desc, String standIn, String base) {
        CALLS.computeIfAbsent(name + desc, k -> new java.util.ArrayList<>()).add(new Target(owners, standIn, base));
    }

    /** The static that stands in for {@code call} (an {@code INVOKEVIRTUAL}), or null if it is not redirected. */
    static MethodInsnNode standIn(MethodInsnNode call) {
        for (Target t : CALLS.getOrDefault(call.name + call.desc, List.of())) {
            if (t.owners.contains(call.owner)) {
                return new MethodInsnNode(Opcodes.INVOKESTATIC, t.standIn, call.name, SocketCalls.staticDesc(t.base, call.desc), false);
            }
        }
        return null;
    }

    /** {@code standIn}'s statics as {@code name + descriptor} (every one may suspend: they write), for the runtime table. */
    static String[] suspendingHelpers(String standIn) {
        Set<String> all = new TreeSet<>();
        for (Map.Entry<String, List<Target>> c : CALLS.entrySet()) {
            for (Target t : c.getValue()) {
                if (t.standIn.equals(standIn)) {
                    String name = c.getKey().substring(0, c.getKey().indexOf('('));
                    String desc = c.getKey().substring(c.getKey().indexOf('('));
                    all.add(name + SocketCalls.staticDesc(t.base, desc));
                }
            }
        }
        return all.toArray(new String[0]);
    }
}
