package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The instrumenter's table of the runtime's classes ({@link RuntimeNames#knownRuntimeClass}, used when
 * the runtime is not on the class path, as in a build-time run) against the runtime's class files.
 * Lives here, in the runtime module, because only here are both visible. When this fails after a
 * change to the runtime, update the table in {@code RuntimeClasses}.
 */
class RuntimeClassesMatchTest {

    private final ClassInfoCache withRuntime = new ClassInfoCache(ClassBytes.of(Go.class.getClassLoader()), new ByteScan());
    private final ClassInfoCache withoutRuntime = new ClassInfoCache(name -> null, new ByteScan());

    @Test
    void everyRuntimeClassThatDeclaresAGoroutineMethodOrIsPublicApiIsKnownWithoutTheClassPath() throws Exception {
        List<String> unknown = new ArrayList<>();
        for (String name : runtimeClassNames()) {
            ClassInfo real = withRuntime.get(name);
            boolean publicApi = name.indexOf('/', "io/jgo/".length()) < 0
                    && Modifier.isPublic(Class.forName(name.replace('/', '.'), false, Go.class.getClassLoader()).getModifiers());
            if ((publicApi || !real.suspendables.isEmpty()) && withoutRuntime.get(name) == null) {
                unknown.add(name);
            }
        }
        assertEquals(List.of(), unknown, "add these to RuntimeClasses' table of runtime classes");
    }

    @Test
    void theTableAgreesWithTheClassFilesOnHierarchyAndGoroutineMethods() throws Exception {
        int compared = 0;
        for (String name : runtimeClassNames()) {
            ClassInfo known = withoutRuntime.get(name);
            if (known == null) {
                continue;
            }
            ClassInfo real = withRuntime.get(name);
            assertEquals(real.superName, known.superName, name + " superclass");
            assertArrayEquals(real.interfaces, known.interfaces, name + " interfaces");
            assertEquals(real.isInterface, known.isInterface, name + " is an interface");
            assertEquals(real.suspendables, known.suspendables, name + " @Goroutine methods");
            for (String supertype : supertypesOf(known)) {
                if (supertype.startsWith("io/jgo/")) {
                    assertNotNull(withoutRuntime.get(supertype), name + "'s supertype " + supertype + " is missing from the table");
                }
            }
            compared++;
        }
        assertTrue(compared >= 5, "compared only " + compared + " classes");
    }

    @Test
    void everyCallToARuntimeMethodIsClassifiedAlikeWithAndWithoutTheClassPath() throws Exception {
        Suspendables real = new Suspendables(withRuntime, false);
        Suspendables known = new Suspendables(withoutRuntime, false);
        int suspending = 0;
        for (String name : runtimeClassNames()) {
            if (withoutRuntime.get(name) == null) {
                continue;
            }
            for (String method : withRuntime.get(name).methods) {
                int paren = method.indexOf('(');
                String m = method.substring(0, paren);
                String descriptor = method.substring(paren);
                boolean expected = real.isSuspensionPoint(name, m, descriptor);
                assertEquals(expected, known.isSuspensionPoint(name, m, descriptor), name + "." + method);
                suspending += expected ? 1 : 0;
            }
        }
        assertTrue(suspending >= 4, "Go.gosched, Go.sleep, WaitGroup.await, Coroutine.suspend at least; found " + suspending);
        assertFalse(known.isSuspensionPoint("io/jgo/Go", "go", "(Ljava/lang/Runnable;)V"));
    }

    private static List<String> supertypesOf(ClassInfo info) {
        List<String> supertypes = new ArrayList<>(List.of(info.interfaces));
        if (info.superName != null) {
            supertypes.add(info.superName);
        }
        return supertypes;
    }

    /** Internal names of every class file of the runtime (the folder or jar that holds {@code io.jgo.Go}). */
    private static List<String> runtimeClassNames() throws Exception {
        Path root = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(root)) {
            try (Stream<Path> walk = Files.walk(root.resolve("io/jgo"))) {
                return names(walk.map(p -> root.relativize(p).toString().replace(root.getFileSystem().getSeparator(), "/")));
            }
        }
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(root.toFile())) {
            return names(jar.stream().map(java.util.zip.ZipEntry::getName).toList().stream());
        }
    }

    private static List<String> names(Stream<String> paths) {
        List<String> names = paths.filter(p -> p.endsWith(".class") && !p.endsWith("package-info.class"))
                .map(p -> p.substring(0, p.length() - ".class".length()))
                .filter(Instrumenter::isRuntimeClass)
                .sorted().toList();
        assertTrue(names.contains("io/jgo/Go"), names.toString());
        return names;
    }
}
