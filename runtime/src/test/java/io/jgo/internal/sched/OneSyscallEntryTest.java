package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * One way into a syscall: {@link Syscalls#enter} (and {@link Syscalls#call}, which pairs it with
 * {@link Syscalls#exit}) is the only caller of the scheduler's entry, {@code Handoff.enterSyscall},
 * but for {@code Handoff}'s own re-entry after a park inside a syscall; nothing else starts the
 * syscall's interrupt interlock. Read from the runtime's class files (ASM), so a second entry, as
 * {@code Sched.syscall} was beside {@code Syscalls.enter}, fails here.
 */
class OneSyscallEntryTest {

    private static final String SCHED = "io/jgo/internal/sched/";

    @Test
    void onlySyscallsEntersASyscall() throws IOException {
        Set<String> enterers = callersOf(Set.of(SCHED + "Handoff.enterSyscall", SCHED + "Interrupts.enterSyscall"));
        assertTrue(enterers.stream().anyMatch(c -> c.startsWith(SCHED + "Syscalls.")), "Syscalls enters none: " + enterers);
        Set<String> others = new TreeSet<>();
        for (String caller : enterers) {
            if (!caller.startsWith(SCHED + "Syscalls.") && !caller.equals(SCHED + "Handoff.parkInSyscall")) {
                others.add(caller);
            }
        }
        assertEquals(Set.of(), others, "enter a syscall through sched.Syscalls.enter(policy) (Go's entersyscall /"
                + " entersyscallblock, the policy says which), never by hand");
    }

    /** Every method of the runtime (as {@code owner.name}) that calls one of {@code targets} ({@code owner.name}). */
    private static Set<String> callersOf(Set<String> targets) throws IOException {
        Path classes;
        try {
            classes = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        Set<String> callers = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertTrue(files.size() > 100, "read only " + files.size() + " class files under " + classes);
        for (Path f : files) {
            try (InputStream in = Files.newInputStream(f)) {
                new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                    String owner;

                    @Override
                    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                        owner = name;
                    }

                    @Override
                    public MethodVisitor visitMethod(int access, String method, String desc, String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitMethodInsn(int opcode, String o, String name, String d, boolean itf) {
                                if (targets.contains(o + "." + name)) {
                                    callers.add(owner + "." + method);
                                }
                            }
                        };
                    }
                }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            }
        }
        return callers;
    }
}
