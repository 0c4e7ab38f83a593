package io.jgo.internal.cont;

import java.lang.StackWalker.StackFrame;

/**
 * The fix a pin warning gives for the frame that kept a goroutine from unwinding: advice the user
 * can act on, chosen by what that frame is. {@link Adjacency} names the frame; this says what to do.
 *
 * <ul>
 * <li>A method annotated {@code @Goroutine} in a class nobody rewrote: the program runs without
 *     jgo's rewrite (an IDE run, a forgotten agent). Annotating cannot help: run it rewritten.</li>
 * <li>A call through an interface method that is not {@code @Goroutine} (a lambda's forwarder
 *     stands below the suspending frame): name the interface method to annotate, not the lambda
 *     that made the call.</li>
 * <li>A frame of the JDK: its classes are never rewritten, so the fix is in the user's code
 *     (a plain loop instead of a callback, {@code io.jgo.Mutex} instead of a JDK lock).</li>
 * <li>A constructor: the rewrite splits one that may suspend after its {@code super(...)} call when it
 *     can; say whether this one was split (then the call reached the original: reflection, code nobody
 *     rewrote, a subclass's {@code super(...)}) or not (the rewrite's warning named why).</li>
 * <li>Anything else: annotate it, or have its library rewritten.</li>
 * </ul>
 * Only on the paths that warn (once per site). Any thread.
 */
final class PinAdvice {

    /** Packages of the JDK, which no jgo path rewrites ({@link LeftOut} names the same). */
    private static final String[] JDK = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    private PinAdvice() {
    }

    static boolean isJdk(String className) {
        for (String p : JDK) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The fix when {@code frame} is a constructor (the rewrite never makes a constructor's frame
     * unwind, it splits it: docs/rewrite.md, "Constructors that may suspend"), else null.
     */
    static String constructorFix(StackFrame frame) {
        if (!frame.getMethodName().equals("<init>")) {
            return null;
        }
        boolean split = false;
        try {
            for (java.lang.reflect.Method m : frame.getDeclaringClass().getDeclaredMethods()) {
                split |= m.getName().equals("jgo$new") && m.isSynthetic()
                        && java.util.Arrays.equals(m.getParameterTypes(), frame.getMethodType().parameterArray());
            }
        } catch (LinkageError | SecurityException unreadable) {
            // cannot tell: say both
        }
        return split ? " Fix: this constructor is split by the rewrite (it unwinds through its static factory jgo$new), but"
                + " this call reached the original one: through reflection, from code nobody rewrote, or from a subclass's"
                + " super(...); construct it with `new` in rewritten code"
                : " Fix: a constructor is run as written unless the rewrite can split it after its super(...) call (it"
                + " cannot after this(...), nor in super(...)'s arguments; its warning when the class was rewritten names"
                + " why); move the blocking call out of the constructor (into a static factory method), or have its class"
                + " rewritten (the default rewrites every application class; not one left out by exclude= or a narrowed"
                + " suspendable=, nor one loaded before the agent)";
    }

    /**
     * The whole warning when {@code frame} is a {@code @Goroutine} method whose class was not
     * rewritten, else null: then no goroutine unwinds through it, whatever its annotation says.
     */
    static String notRewritten(StackFrame frame, String self, boolean rewrittenClass) {
        if (rewrittenClass || isJdk(frame.getClassName())
                || !DeclaredGoroutines.isDeclared(frame.getDeclaringClass(), frame.getMethodName(), frame.getDescriptor())) {
            return null;
        }
        String simple = frame.getDeclaringClass().getName();
        return "goroutine pinned: " + self + " cannot unwind into " + frame.getClassName() + "." + frame.getMethodName()
                + " (" + frame.getFileName() + ":" + frame.getLineNumber() + "), which is @Goroutine, but its class " + simple
                + " was not rewritten: the program runs without jgo's rewrite (from an IDE, or without the agent?), so every"
                + " suspension in it pins its carrier. Fix: run with -javaagent:jgo-agent.jar, or rewrite the classes at build"
                + " time (the jgo-maven-plugin, or java -jar jgo-instrumenter.jar IN OUT) and run those";
    }

    /**
     * The interface method a call went through when {@code forwarder} (a lambda's forwarder) implements
     * one of an interface outside the JDK, as {@code com.acme.Iface.work}; else null.
     */
    static String interfaceMethod(StackFrame forwarder) {
        if (forwarder == null) {
            return null;
        }
        for (Class<?> i : forwarder.getDeclaringClass().getInterfaces()) {
            if (isJdk(i.getName())) {
                continue;
            }
            for (java.lang.reflect.Method m : i.getMethods()) {
                if (m.getName().equals(forwarder.getMethodName())
                        && java.util.Arrays.equals(m.getParameterTypes(), forwarder.getMethodType().parameterArray())) {
                    return m.getDeclaringClass().getName() + "." + m.getName();
                }
            }
        }
        return null;
    }

    /** The warning's end when a call through {@code method}, an interface method that is not {@code @Goroutine}, pinned. */
    static String throughInterface(String method) {
        return ": it was called through " + method + ", which is not @Goroutine, so that call is no suspension point (the"
                + " lambda itself is rewritten); its carrier blocks while it waits. Fix: annotate " + method + " @Goroutine"
                + " (the interface method; calls through it then unwind)";
    }

    /** A frame of a JDK collection that calls its comparator itself (no rewrite can unwind it there). */
    static boolean isSortedCollection(String frame) {
        return frame.startsWith("java.util.TreeMap.") || frame.startsWith("java.util.TreeMap$")
                || frame.startsWith("java.util.TreeSet.") || frame.startsWith("java.util.PriorityQueue.");
    }

    /** A method of a {@code Collections.synchronizedX(..)} wrapper ({@code java.util.Collections$SynchronizedList.forEach}...)? */
    static boolean isSynchronizedWrapper(String frame) {
        return frame.startsWith("java.util.Collections$Synchronized");
    }

    /** The fix when {@code wrapper}, a synchronized wrapper's method, holds its monitor around the callback that suspended. */
    static String synchronizedWrapperFix(String wrapper) {
        return " It runs inside " + wrapper + ", which holds the Collections.synchronized wrapper's monitor (synchronized)"
                + " around the callback, so a suspension there must pin. Fix: guard a plain collection with an io.jgo.Mutex"
                + " and make the call (or a plain loop) between lock() and unlock() in @Goroutine code, or copy the"
                + " collection inside synchronized (wrapper) { ... } and loop over the copy outside it";
    }

    /** The fix for a frame of the JDK's (never rewritten) that stands below a suspension. */
    static String jdkFix(String frame) {
        String fix = frame.startsWith("java.util.concurrent.locks.") ? "use io.jgo.Mutex (or RWMutex) instead of this lock"
                : isSortedCollection(frame) ? "a TreeMap, TreeSet or PriorityQueue calls its comparator inside its own"
                + " methods; rewritten code's put/get/remove/add/contains/floor.../offer/poll/putAll/addAll and"
                + " headMap/tailMap/subMap/headSet... unwind, on the collection or a view of it, through any variable type"
                + " (Map, Set, Queue, Collection too), when java.util is open to jgo (the agent opens it; else --add-opens"
                + " java.base/java.util=ALL-UNNAMED); these still compare inside the JDK: iterating or counting a bounded view,"
                + " removeAll/retainAll/containsAll/equals, Map.remove(key, value), the copying constructors, and a call"
                + " through Map/Set/Queue/Collection in a method with no other suspension point or inside synchronized:"
                + " make the call from such @Goroutine code, compute each sort key before the collection sees it, or sort"
                + " a list with List.sort, which does not pin"
                : frame.startsWith("java.util.concurrent.ConcurrentHashMap.") || frame.startsWith("java.util.concurrent.ConcurrentSkipListMap.")
                ? "a concurrent map's compute/computeIfAbsent/merge hold its lock around the function: compute the value"
                + " first and store it with putIfAbsent/replace, or guard a HashMap with io.jgo.Mutex"
                : frame.startsWith("java.util.concurrent.") && frame.contains("Queue.") ? "use a Chan instead of this queue"
                : "do the suspending work outside it: a plain loop in @Goroutine code instead of a callback the JDK calls"
                + " (forEach, computeIfAbsent, a Comparator...), io.jgo.Mutex instead of synchronized or a JDK lock, a Chan"
                + " instead of a BlockingQueue";
        return " Fix: " + fix + " (the JDK's classes are never rewritten, so annotating or rewriting them cannot help)";
    }
}
