/**
 * The {@code -javaagent}: thin plumbing that hands classes to the instrumenter as the JVM loads them.
 *
 * <h2>Design</h2>
 * {@link io.jgo.agent.Agent#premain} parses the option string into {@link io.jgo.agent.AgentOptions}
 * (a bad option stops the JVM with exit status 1 and a message that lists the valid ones), builds a
 * {@link io.jgo.agent.PerLoaderRewrite} (one {@link io.jgo.instrument.Instrumenter} per defining
 * loader, so what is learned in one loader's view never shapes another's frames) and one
 * {@link io.jgo.agent.RewritingTransformer}, runs the instrumenter's whole-pipeline warm-up and one
 * warm-up transform (so the rewrite's classes are loaded before any transform can need them,
 * avoiding {@code ClassCircularityError}), opens {@code java.lang} to the runtime's module for
 * per-goroutine {@code ThreadLocal}s ({@link io.jgo.agent.JavaLangOpener}), and registers the
 * transformer. There are no static
 * fields besides constants: everything hangs off the registered transformer.
 *
 * <p>Start-up cost is the design's main constraint (target: under 5 % on a large class path). The
 * transformer rejects a class in three steps of growing cost and stops at the first "no":
 * {@link io.jgo.agent.ClassFilter} by loader and name (bootstrap and platform loaders, JDK
 * packages, the runtime, the agent itself, {@code include=}/{@code exclude=}); the instrumenter's
 * byte scan ({@code mightSuspend}); only then the full parse and rewrite.
 *
 * <p>Why a plain {@link java.lang.instrument.ClassFileTransformer} and not Byte Buddy's
 * {@code AgentBuilder} transformations: the rewrite is a {@code byte[] -> byte[]} function, while an
 * {@code AgentBuilder} transformation re-creates each matched class through its own type model
 * ({@code TypeDescription}, {@code DynamicType.Builder}), costing a parse per class and giving up
 * the byte-for-byte identity of classes the rewrite leaves alone. From Byte Buddy the agent takes
 * the re-entrance guard ({@code AgentBuilder.CircularityLock}). Byte Buddy and ASM are shaded into
 * the agent jar under {@code io.jgo.agent.shaded}, so they cannot clash with an application's own.
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Nothing is printed to stdout (it belongs to the application; under Surefire it is the fork's
 *       command channel). Reports, {@code verbose} lines and option errors go to stderr.</li>
 *   <li>No throwable escapes a transform: it is reported and the class is defined as it was.</li>
 *   <li>The runtime ({@code io.jgo}, {@code io.jgo.internal}) is never rewritten, and the agent jar
 *       never carries it: the application's class path has the one copy.</li>
 *   <li>Other classes are read through the loader defining the class being rewritten
 *       ({@link io.jgo.agent.DefiningLoaderClassBytes}).</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * The JVM calls the transformer on whatever thread loads a class, possibly many at once; the
 * transformer and the instrumenter are thread-safe, and per-thread state (the defining loader, the
 * re-entrance lock) lives in thread-locals owned by the transformer's parts.
 */
package io.jgo.agent;
