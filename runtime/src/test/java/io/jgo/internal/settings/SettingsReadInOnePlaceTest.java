package io.jgo.internal.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Every {@code jgo.*} setting is read and checked in one typed place, {@link Settings}: no other
 * class of the runtime reads a system property or an environment variable itself (where it would
 * take a bad value silently, or fail late naming nothing). Read from the runtime's class files, so
 * a new {@code System.getProperty("jgo.x")} anywhere else fails the build; add a {@link Setting}
 * instead (with a bad value in {@code SettingsTest}).
 */
class SettingsReadInOnePlaceTest {

    /** The JDK calls that read a system property or the environment, as "owner.name". */
    private static final Set<String> READERS = Set.of("java/lang/System.getProperty", "java/lang/System.getProperties",
            "java/lang/System.getenv", "java/lang/Boolean.getBoolean", "java/lang/Integer.getInteger", "java/lang/Long.getLong");

    /** The one package allowed to call them. */
    private static final String SETTINGS = "io/jgo/internal/settings/";

    @Test
    void onlyTheSettingsPackageReadsSystemPropertiesOrTheEnvironment() throws Exception {
        Path classes = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isDirectory(classes), "the runtime's classes, as a folder: " + classes);
        List<String> readers = readersOutsideSettings(classes);
        assertEquals(List.of(), readers, "read the setting through io.jgo.internal.settings.Settings (add a Setting) instead");
    }

    /** Every call to one of {@link #READERS} from a class outside {@link #SETTINGS}, as "Class.method calls owner.name". */
    static List<String> readersOutsideSettings(Path classes) throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> all = Files.walk(classes)) {
            files = all.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
        assertTrue(files.size() > 100, "read only " + files.size() + " classes under " + classes);
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                ClassReader reader = new ClassReader(in);
                String name = reader.getClassName();
                if (name.startsWith(SETTINGS) || name.contains("/shaded/")) {
                    continue;
                }
                reader.accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String method, String desc, String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitMethodInsn(int opcode, String owner, String called, String calledDesc, boolean itf) {
                                if (READERS.contains(owner + "." + called)) {
                                    found.add(name.replace('/', '.') + "." + method + " calls " + owner.replace('/', '.') + "." + called);
                                }
                            }
                        };
                    }
                }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            }
        }
        return found;
    }
}
