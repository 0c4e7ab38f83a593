package io.jgo.agent;

import java.lang.instrument.Instrumentation;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Opens {@code java.base/java.lang} to the modules the jgo runtime can be loaded in, so the runtime
 * can give each goroutine its own {@code ThreadLocal} maps (it reaches the private fields
 * {@code Thread.threadLocals} and {@code Thread.inheritableThreadLocals} through
 * {@code MethodHandles.privateLookupIn}; see {@code io.jgo.internal.sched.ThreadLocalMaps}).
 *
 * <p>The runtime sits on the class path, so its module is the unnamed module of the loader that
 * loads {@code io.jgo}: normally the system class loader, which also loads this agent. The agent
 * must not load a runtime class to find out (it would land in the wrong loader, or too early), so
 * it opens the package to the unnamed modules of the system loader and of its own loader, without
 * naming any runtime class; and to the module {@code io.jgo.runtime} when the runtime is on the
 * module path (found in the boot layer by name). A runtime loaded by another loader (an application server's) finds the package
 * closed and falls back to carrier-scoped values with a one-time warning; the JVM flag
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED} opens it to every unnamed module.
 *
 * <p>It also opens {@code java.nio.channels.spi} and {@code sun.nio.ch} to the same modules, so that
 * a goroutine's call on a blocking-mode socket channel parks on the poller instead of holding its
 * carrier ({@code io.jgo.internal.poll.BlockingChannels} says which internals it uses and why), and
 * {@code java.util}, whose sorted collections' comparator fields the runtime's stand-ins replace for the
 * length of one call so that a suspending comparator unwinds ({@code io.jgo.internal.callback.SortedFields}).
 */
final class JavaLangOpener {

    /** The runtime's module name on the module path (its {@code module-info}). */
    private static final String RUNTIME_MODULE = "io.jgo.runtime";

    private JavaLangOpener() {
    }

    /** Returns false (and says why on stderr) when the JVM refuses; the runtime then warns once itself. */
    static boolean open(Instrumentation instrumentation) {
        Module javaBase = Object.class.getModule();
        Set<Module> to = new LinkedHashSet<>();
        to.add(ClassLoader.getSystemClassLoader().getUnnamedModule());
        ClassLoader own = JavaLangOpener.class.getClassLoader();
        if (own != null) {
            to.add(own.getUnnamedModule());
        }
        // The runtime on the module path: its module, found by name (the agent loads no runtime class).
        ModuleLayer.boot().findModule(RUNTIME_MODULE).ifPresent(to::add);
        try {
            instrumentation.redefineModule(javaBase, Set.of(), Map.of(), Map.of("java.lang", to), Set.of(), Map.of());
        } catch (RuntimeException e) { // UnmodifiableModuleException, IllegalArgumentException
            System.err.println("jgo agent: could not open java.lang to the runtime (" + e
                    + "); ThreadLocal values will belong to carrier threads");
            return false;
        }
        try {
            // Blocking-mode socket channels park on the poller (io.jgo.internal.poll.BlockingChannels);
            // if this fails the runtime hands those calls off and says so once. java.util: the sorted
            // collections' stand-ins (io.jgo.internal.callback.SortedFields); closed, they call the JDK's methods.
            instrumentation.redefineModule(javaBase, Set.of(), Map.of(), Map.of("java.nio.channels.spi", to, "sun.nio.ch", to, "java.util", to),
                    Set.of(), Map.of());
            return true;
        } catch (RuntimeException e) {
            return true; // java.lang is open; the runtime's note names what is missing
        }
    }
}
