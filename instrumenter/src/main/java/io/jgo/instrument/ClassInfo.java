package io.jgo.instrument;

import java.util.Set;

/** What the rewrite needs to know about a class it does not rewrite: hierarchy and suspendable methods. */
final class ClassInfo {

    final String name;
    final String superName;
    final String[] interfaces;
    final boolean isInterface;
    /** {@code name + descriptor} of the methods declared here. */
    final Set<String> methods;
    /** {@code name + descriptor} of the methods declared here and annotated {@code @Goroutine}. */
    final Set<String> suspendables;

    ClassInfo(String name, String superName, String[] interfaces, boolean isInterface,
              Set<String> methods, Set<String> suspendables) {
        this.name = name;
        this.superName = superName;
        this.interfaces = interfaces;
        this.isInterface = isInterface;
        this.methods = methods;
        this.suspendables = suspendables;
    }
}
