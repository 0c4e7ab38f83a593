package io.jgo.internal.observe;

import io.jgo.internal.settings.Setting;
import io.jgo.internal.settings.Settings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * {@code -Djgo.dumpOnSignal=USR1}: on that signal, every live runtime's goroutine dump goes to
 * stderr, the way {@code SIGQUIT} shows a Go program's goroutines (the JVM keeps {@code QUIT} for
 * its own thread dump). Installed once per process, when the first runtime starts, through
 * {@code sun.misc.Signal} (module {@code jdk.unsupported}), reached reflectively so that a JVM
 * without it fails with a clear message instead of a linkage error.
 *
 * <p>A bad value ({@code FOO}, a signal the JVM or OS keeps such as {@code QUIT} or {@code KILL}, a
 * signal the JVM shuts down on: {@code INT}, {@code TERM}, {@code HUP}; {@code USR2}, which
 * {@code sun.misc.Signal} accepts but HotSpot uses to suspend threads, so that a running Flight
 * Recorder would print a dump at every sample) throws {@link IllegalArgumentException} from the runtime's start naming
 * the property, the value and what to do; the runtime does not start. The handler runs on the JVM's
 * "Signal Dispatcher" thread and only reads the runtimes (a racy snapshot, as {@code Go.dumpGoroutines}).
 */
final class DumpOnSignal {

    static final String PROPERTY = Setting.DUMP_ON_SIGNAL.key();

    /** Set once the handler is installed; guarded by the class lock. */
    private static boolean installed;

    private DumpOnSignal() {
    }

    /** Installs the handler for {@code value} (the property's value; null or blank: nothing) the first time it succeeds. */
    static synchronized void installOnce(String value) {
        if (installed || value == null || value.isBlank()) {
            return;
        }
        install(signalName(value), value);
        installed = true;
    }

    /** {@code USR1}, {@code usr1} and {@code SIGUSR1} all name SIGUSR1; checked by {@link Settings#signalName}. */
    static String signalName(String value) {
        return Settings.signalName(value);
    }

    private static void install(String name, String value) {
        Class<?> signalClass;
        Class<?> handlerClass;
        try {
            signalClass = Class.forName("sun.misc.Signal");
            handlerClass = Class.forName("sun.misc.SignalHandler");
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not supported on this JVM: it has no"
                    + " sun.misc.Signal (module jdk.unsupported); remove the option, or add the module"
                    + " (--add-modules jdk.unsupported)", e);
        }
        try {
            Object signal = signalClass.getConstructor(String.class).newInstance(name);
            Object handler = Proxy.newProxyInstance(DumpOnSignal.class.getClassLoader(), new Class<?>[] {handlerClass},
                    (proxy, method, args) -> {
                        if (method.getName().equals("handle")) {
                            System.err.print(Observe.dumpAll());
                            System.err.flush();
                            return null;
                        }
                        return objectMethod(proxy, method, args);
                    });
            signalClass.getMethod("handle", signalClass, handlerClass).invoke(null, signal, handler);
        } catch (InvocationTargetException e) {
            // sun.misc.Signal refuses: "Unknown signal: FOO", "Signal already used by VM or OS: SIGQUIT"
            throw bad(value, String.valueOf(e.getCause().getMessage()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " could not be installed: " + e, e);
        }
    }

    /** equals, hashCode and toString of the handler proxy. */
    private static Object objectMethod(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            default:
                return "jgo dumpOnSignal handler";
        }
    }

    private static IllegalArgumentException bad(String value, String why) {
        return Settings.badSignal(value, why);
    }
}
