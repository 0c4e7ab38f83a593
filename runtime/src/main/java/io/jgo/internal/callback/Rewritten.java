package io.jgo.internal.callback;

import java.lang.reflect.Method;

/**
 * Whether a comparator's class (or, for the natural ordering, a key's class) may run rewritten code
 * when its {@code compare} or {@code compareTo} is called, so that a suspension could happen there:
 * the sorted-collection stand-ins ({@link SortedCalls}, {@link QueueCalls}) take their replaying
 * path only then and otherwise call the JDK's method at once. A JDK class answers no (the JDK is
 * never rewritten: a JDK comparator that wraps the user's, as {@code Collections.reverseOrder(c)},
 * calls it inside the JDK's frames, where the replay could not help). Any other class answers yes
 * when it, a superclass, or (for a lambda's hidden class) the class that made the lambda declares a
 * member of the rewrite ({@code $jgo$...}): a class nobody rewrote cannot suspend by unwinding.
 * Answers are cached per class ({@link ClassValue}: computed once, read without a lock).
 */
final class Rewritten extends ClassValue<Boolean> {

    private static final Rewritten CLASSES = new Rewritten();

    private Rewritten() {
    }

    /** May a compare through an object of class {@code type} suspend? */
    static boolean mayCompareSuspend(Class<?> type) {
        return CLASSES.get(type);
    }

    @Override
    protected Boolean computeValue(Class<?> type) {
        if (isJdk(type.getName())) {
            return false;
        }
        Class<?> c = type.isHidden() ? type.getNestHost() : type;
        for (; c != null && c != Object.class; c = c.getSuperclass()) {
            if (isJdk(c.getName())) {
                break;
            }
            try {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.getName().startsWith("$jgo$")) {
                        return true;
                    }
                }
            } catch (LinkageError | SecurityException unreadable) {
                return true; // cannot tell: take the replaying path, which is right for any comparator
            }
        }
        return false;
    }

    private static boolean isJdk(String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
                || name.startsWith("com.sun.");
    }
}
