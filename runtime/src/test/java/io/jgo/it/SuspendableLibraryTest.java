package io.jgo.it;

import static io.jgo.Go.go;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablePackages;
import io.jgo.instrument.SuspendablesFile;
import io.jgo.instrument.cli.FolderRewrite;
import io.jgo.internal.Stack;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.example.retry.Retry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code suspendable=}: a library nobody annotated ({@link Retry}) calls back into goroutine code
 * that sleeps and receives from a channel. Narrowed to annotated code ({@code suspendable=annotated-only})
 * the callback pins its carrier; by default (every class but the JDK's and jgo's) or with the
 * library's package named suspendable — by the agent, one class at a time, or at build time, with
 * the closure over the whole folder — it unwinds through the library's frames, and the result is
 * the same every way.
 */
@Timeout(120)
class SuspendableLibraryTest {

    /** The application: goroutine code handing suspending callbacks to the library. */
    public static final class App {
        public static void main(String[] args) {
            long pinsBefore = Stack.pinCount();
            int result = compute();
            System.out.println("result=" + result + " pins=" + (Stack.pinCount() - pinsBefore));
        }

        public static int compute() {
            int[] out = new int[1];
            Go.run(() -> out[0] = body());
            return out[0];
        }

        @Goroutine
        static int body() {
            Chan<Integer> ch = Chan.make(0);
            go(() -> {
                for (int i = 1; i <= 6; i++) {
                    ch.send(i);
                }
            });
            int[] failures = {0};
            int first = Retry.run(3, () -> {
                Go.sleep(Duration.ofMillis(1));
                if (failures[0]++ == 0) {
                    throw new IllegalStateException("flaky"); // the library retries
                }
                return ch.recv();
            });
            int sum = Retry.sumOf(5, x -> x * ch.recv()); // through the library's own interface
            return first * 1000 + sum;
        }
    }

    /** 1 from the second attempt; then 0*2 + 1*3 + 2*4 + 3*5 + 4*6. */
    private static final int EXPECTED = 1050;

    @Test
    void narrowedToAnnotatedCodeTheCallbackPins() {
        long before = Stack.pinCount();
        assertEquals(EXPECTED, App.compute());
        assertTrue(Stack.pinCount() - before > 0, "this JVM's agent runs suspendable=annotated-only (runtime/pom.xml):"
                + " a suspension inside the unrewritten library should pin");
    }

    @Test
    void theAgentWithSuspendableUnwindsThroughTheLibraryAndAnnotatedOnlyPins(@TempDir Path dir) throws Exception {
        Forked.Result narrow = Forked.run(dir, List.of(Forked.agent().get(0) + "=suspendable=annotated-only"), App.class);
        assertTrue(narrow.stdout().startsWith("result=" + EXPECTED + " pins="), narrow.toString());
        assertTrue(!narrow.stdout().contains(" pins=0"), "narrowed to annotated code the library pins:\n" + narrow);
        for (String option : List.of("=suspendable=org.example.retry", "")) {
            Forked.Result run = Forked.run(dir, List.of(Forked.agent().get(0) + option), App.class);
            assertEquals(0, run.exit(), run.toString());
            assertEquals("result=" + EXPECTED + " pins=0", run.stdout().trim(), option + ": " + run);
        }
    }

    @Test
    void theAgentReadsTheListsOfBuildTimeRunsOnTheClassPath(@TempDir Path dir) throws Exception {
        Path lists = dir.resolve("lists");
        Path list = lists.resolve(SuspendablesFile.PATH);
        Files.createDirectories(list.getParent());
        Files.write(list, SuspendablesFile.write(List.of(
                "org/example/retry/Retry.run(ILjava/util/function/Supplier;)Ljava/lang/Object;",
                "org/example/retry/Retry.sumOf(ILorg/example/retry/Task;)I",
                "org/example/retry/Task.call(I)I")));
        String classPath = lists + File.pathSeparator + System.getProperty("java.class.path");
        // Narrowed to annotated code: only the lists make the library suspendable.
        Forked.Result run = Forked.run(dir, List.of(Forked.agent().get(0) + "=suspendable=annotated-only"), classPath, App.class);
        assertEquals(0, run.exit(), run.toString());
        assertEquals("result=" + EXPECTED + " pins=0", run.stdout().trim(), run.toString());
    }

    @Test
    void theBuildTimeClosureListsWhatASuspensionReachesAndNothingPins(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("classes");
        List<String> names = List.of("org/example/retry/Retry.class", "org/example/retry/Task.class",
                "io/jgo/it/SuspendableLibraryTest$App.class");
        for (String name : names) {
            Path file = folder.resolve(name);
            Files.createDirectories(file.getParent());
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(name)) {
                Files.write(file, in.readAllBytes());
            }
        }
        RewriteOptions options = RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.retry"));
        FolderRewrite.Report report = new FolderRewrite(folder, classPath(), ClassBytes.of(null), true, options).rewrite(names);
        assertTrue(report.ok(), report.toString());
        Set<String> listed;
        try (InputStream in = Files.newInputStream(folder.resolve(SuspendablesFile.PATH))) {
            listed = SuspendablesFile.read(in, SuspendablesFile.PATH);
        }
        assertEquals(report.suspendables(), listed);
        assertTrue(listed.contains("org/example/retry/Retry.run(ILjava/util/function/Supplier;)Ljava/lang/Object;"), listed.toString());
        assertTrue(listed.contains("org/example/retry/Retry.sumOf(ILorg/example/retry/Task;)I"), listed.toString());
        assertTrue(listed.contains("org/example/retry/Task.call(I)I"), "a lambda that suspends implements it: " + listed);
        assertTrue(report.rewritten().containsAll(names.subList(0, 1)), report.toString());

        ClassLoader loader = new FolderFirstLoader(folder, getClass().getClassLoader());
        long before = Stack.pinCount();
        Object result = loader.loadClass(App.class.getName()).getMethod("compute").invoke(null);
        assertEquals(EXPECTED, result);
        assertEquals(0, Stack.pinCount() - before, "rewritten at build time, the library must not pin");
    }

    private static List<Path> classPath() {
        List<Path> paths = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            paths.add(Path.of(entry));
        }
        return paths;
    }

    /** Defines the classes found in the folder from there (child first); the rest comes from the parent. */
    private static final class FolderFirstLoader extends ClassLoader {
        private final Path folder;

        FolderFirstLoader(Path folder, ClassLoader parent) {
            super(parent);
            this.folder = folder;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            Path file = folder.resolve(name.replace('.', '/') + ".class");
            if (!Files.isRegularFile(file)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        byte[] bytes = Files.readAllBytes(file);
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }
}
