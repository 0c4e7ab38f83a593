package io.jgo.it;

import static io.jgo.Go.go;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.PreemptMode;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablePackages;
import io.jgo.instrument.cli.FolderRewrite;
import io.jgo.internal.Stack;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.example.ctorlib.DelegatingSession;
import org.example.ctorlib.LineSession;
import org.example.ctorlib.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A library's constructor that waits after its {@code super(...)} call (a JDBC driver opens its session
 * so) is split by the rewrite, and {@code new Session(..)} in rewritten code calls the split: 220
 * goroutines at GOMAXPROCS 4 construct sessions that receive from a channel, and 200 construct ones
 * that read their greeting from a socket, with no pin, at most GOMAXPROCS + 32 threads more than before (a goroutine
 * waiting in an unsplit constructor's read holds a carrier), the right field values, and the body's exception
 * thrown where {@code new} was. What is not split pins as before: the original constructor reached
 * through reflection or from a frame nobody rewrote, and a constructor that delegates to
 * {@code this(...)}. The same with the library named suspendable on the agent, under the agent's default
 * (every class) and rewritten at build time; a caller of a class the agent leaves alone runs its constructor.
 */
@Timeout(240)
class SplitConstructorTest {

    /** The application: goroutine code constructing the library's sessions. */
    public static final class App {
        static final int SESSIONS = 200;
        static final int REFUSED = 20;
        static final int SOCKETS = 200;

        public static void main(String[] args) throws Exception {
            System.out.println(run());
        }

        /** One line of {@code key=value} facts (see {@link #EXPECTED}). */
        public static String run() throws Exception {
            StringBuilder out = new StringBuilder();
            long before = Stack.pinCount();
            String[] split = new String[1];
            Go.run(() -> split[0] = constructMany());
            out.append(split[0]).append(" splitPins=").append(Stack.pinCount() - before);

            long[] unsplit = new long[6];
            Go.run(() -> {
                Chan<Integer> ch = Chan.make(0);
                go(() -> {
                    for (int i = 1; i <= 3; i++) {
                        ch.send(i);
                    }
                });
                long pins = Stack.pinCount();
                unsplit[0] = reflectively(ch).value();
                unsplit[1] = Stack.pinCount() - pins;
                pins = Stack.pinCount();
                unsplit[2] = plainly(ch).value();
                unsplit[3] = Stack.pinCount() - pins;
                pins = Stack.pinCount();
                unsplit[4] = new DelegatingSession(ch).value();
                unsplit[5] = Stack.pinCount() - pins;
            });
            out.append(" reflection=").append(unsplit[0]).append(" pinned=").append(unsplit[1] > 0)
                    .append(" unrewrittenCaller=").append(unsplit[2]).append(" pinned=").append(unsplit[3] > 0)
                    .append(" thisDelegation=").append(unsplit[4]).append(" pinned=").append(unsplit[5] > 0);

            before = Stack.pinCount();
            out.append(' ').append(sockets()).append(" socketPins=").append(Stack.pinCount() - before);
            return out.toString();
        }

        @Goroutine
        static String constructMany() {
            Go.maxProcs(4);
            Chan<Integer> server = Chan.make(0);
            go(() -> {
                for (int i = 0; i < SESSIONS + REFUSED; i++) {
                    server.send(i < SESSIONS ? i : -1);
                }
            });
            WaitGroup wg = new WaitGroup();
            ConcurrentLinkedQueue<String> opened = new ConcurrentLinkedQueue<>();
            AtomicInteger refused = new AtomicInteger();
            for (int g = 0; g < SESSIONS + REFUSED; g++) {
                String name = "s" + g;
                wg.add(1);
                go(() -> {
                    try {
                        Session s = new Session(server, name);
                        opened.add(s.name() + "=" + s.value());
                    } catch (IllegalArgumentException e) {
                        if (e.getMessage().equals("refused: " + name)) {
                            refused.incrementAndGet();
                        }
                    } finally {
                        wg.done();
                    }
                });
            }
            wg.await();
            Set<Integer> values = new TreeSet<>();
            boolean namesKept = true;
            for (String s : opened) {
                values.add(Integer.parseInt(s.substring(s.indexOf('=') + 1)));
                namesKept &= s.startsWith("s");
            }
            boolean allValues = values.size() == SESSIONS && values.contains(0) && values.contains(SESSIONS - 1);
            return "opened=" + opened.size() + " values=" + allValues + " names=" + namesKept + " refused=" + refused.get();
        }

        /** The original constructor, through reflection: it pins. */
        @Goroutine
        static Session reflectively(Chan<Integer> ch) {
            try {
                return Session.class.getConstructor(Chan.class, String.class).newInstance(ch, "r");
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        /** Not @Goroutine and, in io.jgo, never rewritten by the rule: its construction stays the original one, which pins. */
        static Session plainly(Chan<Integer> ch) {
            return new Session(ch, "p");
        }

        /** 200 goroutines each read a greeting in LineSession's constructor; the server greets once all 200 are connected. */
        @Goroutine
        static String sockets() throws IOException {
            try (ServerSocket listener = new ServerSocket(0, SOCKETS + 10, InetAddress.getLoopbackAddress())) {
                int port = listener.getLocalPort();
                List<Socket> accepted = new ArrayList<>();
                boolean[] together = {false};
                Thread server = new Thread(() -> {
                    try {
                        listener.setSoTimeout(20_000); // without the split at most GOMAXPROCS sessions ever wait
                        while (accepted.size() < SOCKETS) {
                            accepted.add(listener.accept());
                        }
                        together[0] = true;
                    } catch (IOException timedOut) {
                        // greet those that came
                    }
                    for (int i = 0; i < accepted.size(); i++) {
                        try {
                            OutputStream o = accepted.get(i).getOutputStream();
                            o.write("hello\n".getBytes(StandardCharsets.UTF_8));
                            o.flush();
                        } catch (IOException ignored) {
                            // the client went away
                        }
                    }
                }, "greeter");
                server.start();
                String[] result = new String[1];
                java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
                int baseline = threads.getThreadCount();
                threads.resetPeakThreadCount();
                Go.run(() -> result[0] = greeted(port));
                // A goroutine waiting in an unsplit constructor's read holds a carrier: about SOCKETS threads.
                boolean fewThreads = threads.getPeakThreadCount() - baseline <= 4 + 32; // GOMAXPROCS + 32, issue 29's bound
                try {
                    server.join(TimeUnit.SECONDS.toMillis(60));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (Socket s : accepted) {
                    s.close();
                }
                return result[0] + " waitedTogether=" + together[0] + " fewThreads=" + fewThreads;
            }
        }

        @Goroutine
        static String greeted(int port) {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            AtomicInteger hellos = new AtomicInteger();
            for (int g = 0; g < SOCKETS; g++) {
                wg.add(1);
                go(() -> {
                    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                        if ("hello".equals(new LineSession(s).greeting())) {
                            hellos.incrementAndGet();
                        }
                    } catch (IOException e) {
                        // counted as missing
                    } finally {
                        wg.done();
                    }
                });
            }
            wg.await();
            return "hellos=" + hellos.get();
        }
    }

    /**
     * Goroutine code constructing sessions of a class the agent leaves alone ({@code exclude=org.example.ctorlib}):
     * the rewritten caller reads {@code Session}'s bytes, finds its constructor splittable and goes through the
     * construction's {@code invokedynamic}, whose bootstrap finds no factory and links the constructor.
     */
    public static final class ExcludedApp {
        static final int SESSIONS = 20;

        public static void main(String[] args) {
            long before = Stack.pinCount();
            String[] out = new String[1];
            Go.run(() -> out[0] = construct());
            System.out.println(out[0] + " pinned=" + (Stack.pinCount() - before > 0));
        }

        @Goroutine
        static String construct() {
            Go.maxProcs(4);
            Chan<Integer> server = Chan.make(0);
            go(() -> {
                for (int i = 0; i < SESSIONS; i++) {
                    server.send(i);
                }
            });
            WaitGroup wg = new WaitGroup();
            AtomicInteger sum = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> failed = new ConcurrentLinkedQueue<>();
            for (int g = 0; g < SESSIONS; g++) {
                wg.add(1);
                go(() -> {
                    try {
                        sum.addAndGet(new Session(server, "x").value());
                    } catch (Throwable e) {
                        failed.add(e);
                    } finally {
                        wg.done();
                    }
                });
            }
            wg.await();
            return "sum=" + sum.get() + " failed=" + failed.stream().map(Throwable::toString).distinct().toList();
        }
    }

    static final String EXPECTED = "opened=200 values=true names=true refused=20 splitPins=0 reflection=1 pinned=true"
            + " unrewrittenCaller=2 pinned=true thisDelegation=3 pinned=true"
            + " hellos=200 waitedTogether=true fewThreads=true socketPins=0";

    @Test
    void theAgentWithTheLibraryNamedSuspendableSplitsTheConstructor(@TempDir Path dir) throws Exception {
        for (String option : List.of("=suspendable=org.example.ctorlib", "=suspendable=org.example.ctorlib:org.example.other")) {
            Forked.Result run = Forked.run(dir, List.of(Forked.agent().get(0) + option), App.class);
            assertEquals(0, run.exit(), run.toString());
            assertEquals(EXPECTED, run.stdout().trim(), option + ": " + run);
            assertTrue(run.stderr().contains("this constructor is split by the rewrite"), "the reflective pin says why: " + run);
            assertTrue(run.stderr().contains("may suspend but cannot be split (it delegates to this(...))"),
                    "the rewrite names the constructor it could not split: " + run);
        }
    }

    @Test
    void theAgentsDefaultRuleSplitsTheConstructorToo(@TempDir Path dir) throws Exception {
        Forked.Result run = Forked.run(dir, Forked.agent(), App.class);
        assertEquals(0, run.exit(), run.toString());
        assertEquals(EXPECTED, run.stdout().trim(), "the agent without options: " + run);
    }

    /**
     * A class the agent does not transform has no factory: the rewritten caller's construction links and runs
     * the constructor, which pins where it parks (before the bootstrap, a caller called the missing factory
     * directly and failed with NoSuchMethodError).
     */
    @Test
    void aCallerOfAClassWithoutItsFactoryRunsTheConstructor(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("dump");
        Forked.Result run = Forked.run(dir, List.of(Forked.agent().get(0) + "=exclude=org.example.ctorlib,dump=" + dump), ExcludedApp.class);
        assertEquals(0, run.exit(), run.toString());
        assertEquals("sum=" + (ExcludedApp.SESSIONS * (ExcludedApp.SESSIONS - 1) / 2) + " failed=[] pinned=true", run.stdout().trim(),
                run.toString());
        byte[] caller = Files.readAllBytes(dump.resolve("io/jgo/it/SplitConstructorTest$ExcludedApp.class"));
        assertTrue(new String(caller, StandardCharsets.ISO_8859_1).contains("io/jgo/internal/Constructions"),
                "the caller's construction went through the bootstrap");
        assertTrue(!Files.exists(dump.resolve("org/example/ctorlib/Session.class")), "Session was left alone");
    }

    @Test
    void rewrittenAtBuildTimeTheConstructorIsSplitToo(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("classes");
        List<String> names = new ArrayList<>(List.of("org/example/ctorlib/Session.class", "org/example/ctorlib/DelegatingSession.class",
                "org/example/ctorlib/LineSession.class"));
        for (String name : List.of("io/jgo/it/SplitConstructorTest$App.class")) {
            names.add(name);
        }
        for (String name : names) {
            Path file = folder.resolve(name);
            Files.createDirectories(file.getParent());
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(name)) {
                Files.write(file, in.readAllBytes());
            }
        }
        RewriteOptions options = RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.parse("org.example.ctorlib"));
        FolderRewrite.Report report = new FolderRewrite(folder, classPath(), ClassBytes.of(null), true, options).rewrite(names);
        assertTrue(report.ok(), report.toString());
        assertTrue(report.suspendables().contains("org/example/ctorlib/Session.<init>(Lio/jgo/Chan;Ljava/lang/String;)V"),
                report.suspendables().toString());
        Forked.Result run = Forked.run(dir, List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
                        "--add-opens", "java.base/java.nio.channels.spi=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED"),
                folder + File.pathSeparator + System.getProperty("java.class.path"), App.class);
        assertEquals(0, run.exit(), run.toString());
        assertEquals(EXPECTED, run.stdout().trim(), run.toString());
    }

    private static List<Path> classPath() {
        List<Path> paths = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            paths.add(Path.of(entry));
        }
        return paths;
    }
}
