package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Heavy;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged runtime jar as a module: a small modular application ({@code module hello.app
 * requires io.jgo.runtime}) runs on the module path with the agent, and rewritten ahead of time
 * without it; the module exports only the API and what rewritten code calls; the jar carries
 * JCTools relocated and needs nothing else.
 */
@Heavy
class ModulePathIT {

    private static final String MAIN = """
            package app;

            import io.jgo.Go;
            import io.jgo.Goroutine;
            import io.jgo.WaitGroup;
            import java.util.concurrent.atomic.AtomicLong;

            public class Main {
                public static void main(String[] args) {
                    AtomicLong sum = new AtomicLong();
                    Go.run(() -> {
                        WaitGroup wg = new WaitGroup();
                        for (int i = 0; i < 10; i++) {
                            int id = i;
                            wg.add(1);
                            Go.go(() -> { add(sum, id); wg.done(); });
                        }
                        wg.await();
                    });
                    System.out.println("sum " + sum.get() + " in " + Main.class.getModule().getName());
                }

                @Goroutine static void add(AtomicLong sum, int id) { Go.gosched(); sum.addAndGet(id); }
            }
            """;

    private static Path top;
    private static Path dir;
    private static String runtimeJar;
    private static String agentJar;

    @BeforeAll
    static void buildTheModularApp() throws Exception {
        top = Path.of(System.getProperty("jgo.repo.top")).toRealPath();
        runtimeJar = top.resolve("runtime/target/jgo-runtime.jar").toString();
        agentJar = top.resolve("agent/target/jgo-agent.jar").toString();
        dir = Commands.freshFolder("module-path");
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), "module hello.app { requires io.jgo.runtime; }\n");
        Files.writeString(src.resolve("app/Main.java"), MAIN);
        ok(Commands.jdk("javac", "--release", "17", "-p", runtimeJar, "-d", "classes",
                "src/module-info.java", "src/app/Main.java"));
        ok(Commands.jdk("jar", "--create", "--file", "app.jar", "-C", "classes", "."));
    }

    @Test
    void aModularAppRunsWithTheAgent() throws Exception {
        Commands.Result run = ok(Commands.jdk("java", "-javaagent:" + agentJar,
                "-p", runtimeJar + File.pathSeparator + "app.jar", "-m", "hello.app/app.Main"));
        assertEquals("sum 45 in hello.app", run.output().strip());
    }

    @Test
    void aModularAppRunsRewrittenAheadOfTimeWithoutTheAgent() throws Exception {
        ok(Commands.jdk("java", "-jar", top.resolve("instrumenter/target/jgo-instrumenter.jar").toString(),
                "app.jar", "app-aot.jar", "--classpath", runtimeJar));
        try (ZipFile aot = new ZipFile(dir.resolve("app-aot.jar").toFile())) {
            byte[] main = aot.getInputStream(aot.getEntry("app/Main.class")).readAllBytes();
            assertTrue(new String(main, StandardCharsets.ISO_8859_1).contains("Lio/jgo/internal/Rewritten;"), "rewritten");
            assertTrue(aot.getEntry("module-info.class") != null, "the descriptor is copied");
        }
        Commands.Result run = ok(Commands.jdk("java", "--add-opens", "java.base/java.lang=io.jgo.runtime", // per-goroutine ThreadLocals, as the README says
                "-p", runtimeJar + File.pathSeparator + "app-aot.jar", "-m", "hello.app/app.Main"));
        assertEquals("sum 45 in hello.app", run.output().strip(), "no pinning warning either");
    }

    @Test
    void withoutTheFlagTheWarningNamesTheFlagThatWorksOnTheModulePath() throws Exception {
        ok(Commands.jdk("java", "-jar", top.resolve("instrumenter/target/jgo-instrumenter.jar").toString(),
                "app.jar", "app-aot-noflag.jar", "--classpath", runtimeJar));
        Commands.Result run = ok(Commands.jdk("java", "-p", runtimeJar + File.pathSeparator + "app-aot-noflag.jar",
                "-m", "hello.app/app.Main"));
        assertTrue(run.output().contains("add --add-opens java.base/java.lang=io.jgo.runtime;"),
                "=ALL-UNNAMED would not help a named module: " + run.output());
    }

    @Test
    void theRuntimeModuleExportsTheApiAndWhatRewrittenCodeCallsOnly() throws Exception {
        Commands.Result described = ok(Commands.jdk("java", "-p", runtimeJar, "--describe-module", "io.jgo.runtime"));
        List<String> lines = described.output().lines().map(String::strip).toList();
        assertEquals(List.of("exports io.jgo", "exports io.jgo.internal", "exports io.jgo.internal.blocking", "exports io.jgo.internal.callback",
                        "exports io.jgo.internal.sockets", "exports io.jgo.net", "qualified exports io.jgo.internal.observe to java.management jdk.jfr"),
                lines.stream().filter(l -> l.startsWith("exports") || l.startsWith("opens") || l.startsWith("qualified"))
                        .map(ModulePathIT::sortTargets).sorted().toList(), described.output());
        assertEquals(List.of("requires java.base mandated", "requires java.management", "requires java.net.http static",
                        "requires jdk.jfr", "requires jdk.unsupported"),
                lines.stream().filter(l -> l.startsWith("requires")).sorted().toList(),
                "JDK modules only, no JCTools module: " + described.output());
        assertTrue(lines.contains("contains io.jgo.internal.shaded.jctools.queues.atomic"), described.output());

        Path src = dir.resolve("peek");
        Files.createDirectories(src.resolve("peek"));
        Files.writeString(src.resolve("module-info.java"), "module peek { requires io.jgo.runtime; }\n");
        Files.writeString(src.resolve("peek/Peek.java"),
                "package peek; class Peek { Object g = io.jgo.internal.sched.Sched.currentG(); }\n");
        Commands.Result refused = Commands.run(dir, Commands.jdk("javac", "--release", "17", "-p", runtimeJar,
                "-d", "peek-classes", "peek/module-info.java", "peek/peek/Peek.java"));
        assertNotEquals(0, refused.status(), refused.output());
        assertTrue(refused.output().contains("package io.jgo.internal.sched is not visible"), refused.output());
    }

    /**
     * The continuation machinery is concealed: code outside the runtime module can neither compile
     * against it nor reach it by reflection. A {@code Carrier} it could make would be trusted by
     * {@code Stack.current()}; {@code ThreadStacks.install} would swap the stack rewritten code
     * saves into; {@code Stack}'s inherited machinery ({@code reset}, {@code suspending}) would
     * corrupt the goroutine's records. Only the protocol that rewritten code calls stays public.
     */
    @Test
    void codeOutsideTheRuntimeCannotReachTheMachinery() throws Exception {
        assertRefused("Object c = new io.jgo.internal.cont.Carrier(null, null, \"x\", 0, null);",
                "package io.jgo.internal.cont is not visible");
        assertRefused("Object s = io.jgo.internal.cont.ThreadStacks.install(null);",
                "package io.jgo.internal.cont is not visible");
        assertRefused("{ io.jgo.internal.Stack.current().reset(); }",
                "symbol:   method reset()");
        assertRefused("{ io.jgo.internal.Stack.current().suspending = true; }",
                "suspending has protected access in Continuation");

        Path src = dir.resolve("reflect");
        Files.createDirectories(src.resolve("reflect"));
        Files.writeString(src.resolve("module-info.java"), "module reflect { requires io.jgo.runtime; }\n");
        Files.writeString(src.resolve("reflect/Main.java"), """
                package reflect;

                import io.jgo.internal.Stack;
                import java.util.concurrent.Callable;

                public class Main {
                    public static void main(String[] args) {
                        Stack s = Stack.current();
                        attempt("carrier", () -> Class.forName("io.jgo.internal.cont.Carrier").getConstructors()[0]
                                .newInstance(null, null, "x", 0L, s));
                        attempt("install", () -> Class.forName("io.jgo.internal.cont.ThreadStacks")
                                .getMethod("install", Class.forName("io.jgo.internal.cont.Continuation")).invoke(null, s));
                        Class<?> machinery = Stack.class.getSuperclass();
                        attempt("reset", () -> { var m = machinery.getDeclaredMethod("reset"); m.setAccessible(true); return m.invoke(s); });
                        attempt("suspending", () -> { var f = machinery.getDeclaredField("suspending"); f.setAccessible(true); f.setBoolean(s, true); return null; });
                        attempt("access", () -> Class.forName("io.jgo.internal.cont.StackAccess")
                                .getMethod("reset", machinery).invoke(null, s));
                        attempt("protocol", () -> Stack.class.getMethod("takeCallSite").invoke(s));
                    }

                    static void attempt(String what, Callable<Object> reach) {
                        try {
                            reach.call();
                            System.out.println(what + " reached");
                        } catch (Exception e) {
                            System.out.println(what + " refused " + e.getClass().getSimpleName());
                        }
                    }
                }
                """);
        ok(Commands.jdk("javac", "--release", "17", "-p", runtimeJar, "-d", "reflect-classes",
                "reflect/module-info.java", "reflect/reflect/Main.java"));
        Commands.Result run = ok(Commands.jdk("java", "-p", runtimeJar + File.pathSeparator + "reflect-classes",
                "-m", "reflect/reflect.Main"));
        assertEquals(List.of("carrier refused IllegalAccessException", "install refused IllegalAccessException",
                "reset refused InaccessibleObjectException", "suspending refused InaccessibleObjectException",
                "access refused IllegalAccessException", "protocol reached"),
                run.output().lines().map(String::strip).toList(), run.output());
    }

    /** A class of its own module, whose field initializer or block is {@code member}, does not compile: javac says {@code why}. */
    private static void assertRefused(String member, String why) throws Exception {
        Path src = dir.resolve("reach");
        Files.createDirectories(src.resolve("reach"));
        Files.writeString(src.resolve("module-info.java"), "module reach { requires io.jgo.runtime; }\n");
        Files.writeString(src.resolve("reach/Reach.java"), "package reach; class Reach { " + member + " }\n");
        Commands.Result refused = Commands.run(dir, Commands.jdk("javac", "--release", "17", "-p", runtimeJar,
                "-d", "reach-classes", "reach/module-info.java", "reach/reach/Reach.java"));
        assertNotEquals(0, refused.status(), member + " compiled: " + refused.output());
        assertTrue(refused.output().contains(why), refused.output());
    }

    /**
     * The descriptor is compiled alone (see runtime/pom.xml), so javac cannot notice a runtime class
     * that uses a JDK module the descriptor does not require (jdk.jfr, java.management, ...): it
     * would fail only on the module path, at run time. jdeps compares the descriptor with what the
     * classes use.
     */
    @Test
    void theRuntimeModuleRequiresWhatItsClassesUse() throws Exception {
        Commands.Result checked = ok(Commands.jdk("jdeps", "--module-path", runtimeJar, "--check", "io.jgo.runtime"));
        String out = checked.output();
        int declared = out.indexOf("[Module descriptor]");
        int suggested = out.indexOf("[Suggested module descriptor");
        int reduced = out.indexOf("[Transitive reduced graph");
        assertTrue(declared >= 0 && suggested > declared, out);
        java.util.TreeSet<String> needed = new java.util.TreeSet<>(requires(out.substring(suggested, reduced < 0 ? out.length() : reduced)));
        needed.addAll(REFLECTIVE);
        if (needed.remove("requires transitive " + OPTIONAL)) {
            needed.add("requires static " + OPTIONAL);
        }
        assertEquals(List.copyOf(needed), requires(out.substring(declared, suggested)),
                "runtime/src/main/module/module-info.java must require: " + out);
    }

    /**
     * Modules the runtime reaches only by reflection, which jdeps cannot see but the module path
     * must still resolve: jdk.unsupported, for sun.misc.Signal (-Djgo.dumpOnSignal).
     */
    private static final List<String> REFLECTIVE = List.of("requires jdk.unsupported");

    /**
     * A module the runtime's classes use only for an application that uses it too: java.net.http, for
     * HttpClient.send's stand-in (io.jgo.internal.callback.HttpClientCalls). jdeps suggests
     * {@code requires transitive} (the stand-in is public); the descriptor says {@code requires static},
     * so an application without the HTTP client does not resolve it.
     */
    private static final String OPTIONAL = "java.net.http";

    /** A {@code qualified exports P to B A} line with its target modules in name order. */
    private static String sortTargets(String line) {
        int to = line.indexOf(" to ");
        if (to < 0) {
            return line;
        }
        return line.substring(0, to + 4) + String.join(" ", java.util.Arrays.stream(line.substring(to + 4).split(" ")).sorted().toList());
    }

    /** The module names of the {@code requires} lines of a jdeps section, without versions. */
    private static List<String> requires(String section) {
        return section.lines().map(String::strip).filter(l -> l.startsWith("requires "))
                .map(l -> l.replaceAll(" \\(@[^)]*\\)", "").replace(";", ""))
                .sorted().toList();
    }

    @Test
    void theRuntimeJarCarriesJctoolsRelocatedAndNothingElse() throws Exception {
        try (ZipFile jar = new ZipFile(runtimeJar)) {
            List<String> names = jar.stream().map(e -> e.getName()).toList();
            assertFalse(names.stream().anyMatch(n -> n.startsWith("org/")), "no class outside io/jgo: " + names);
            assertTrue(names.stream().allMatch(n -> n.startsWith("io/jgo/") || n.startsWith("META-INF/")
                    || n.equals("io/") || n.equals("module-info.class")), names.toString());
            assertTrue(names.contains("io/jgo/internal/shaded/jctools/queues/atomic/MpscUnboundedAtomicArrayQueue.class"));
        }
        Path pom = top.resolve("runtime/target/dependency-reduced-pom.xml");
        String reduced = Files.readString(pom);
        String dependencies = reduced.substring(reduced.indexOf("<dependencies>"), reduced.indexOf("</dependencies>"));
        assertFalse(dependencies.contains("jctools"), "consumers do not get JCTools: " + dependencies);
    }

    private static Commands.Result ok(List<String> command) throws Exception {
        Commands.Result result = Commands.run(dir, command);
        assertEquals(0, result.status(), String.join(" ", command) + ":\n" + result.output());
        return result;
    }
}
