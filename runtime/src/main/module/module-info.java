/**
 * jgo's runtime as a named module. Exported: the public API ({@code io.jgo}) and
 * {@code io.jgo.internal}, which holds the contract with rewritten code ({@code Stack}, the
 * save/restore protocol, and {@code Blocking}, which rewritten code calls around blocking JDK
 * calls). The scheduler ({@code io.jgo.internal.sched}), channels ({@code io.jgo.internal.chan})
 * and the JCTools queues shaded into the jar ({@code io.jgo.internal.shaded.jctools}) stay
 * concealed.
 *
 * <p>This file is compiled on its own after the rest of the runtime (see runtime/pom.xml): the
 * classes are compiled on the class path, where JCTools is an ordinary dependency, and this
 * descriptor names no JCTools module, because the packaged jar carries JCTools relocated inside
 * itself and needs nothing else at run time.
 */
module io.jgo.runtime {
    exports io.jgo;
    exports io.jgo.internal;
}
