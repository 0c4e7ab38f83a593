/**
 * {@code jgo-maven-plugin}: ahead-of-time rewriting of {@code @Goroutine} code as part of a Maven
 * build, so the application runs without the agent.
 *
 * <h2>Design</h2>
 * The plugin is thin: the rewrite is the instrumenter's
 * {@link io.jgo.instrument.cli.FolderRewrite}, the same code the CLI and the agent run. What the
 * plugin adds is Maven's view of the build: which folder and class path
 * ({@link io.jgo.maven.InstrumentMojo} for {@code target/classes} at process-classes,
 * {@link io.jgo.maven.InstrumentTestMojo} for {@code target/test-classes} at
 * process-test-classes), which JDK's classes (the toolchain's), which files ({@link io.jgo.maven.PackageFilter}
 * by package, {@link io.jgo.maven.Stamp} by change since the last run), and the build's verdict (a
 * refused class fails it with the instrumenter's report).
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>A class file is either as the compiler wrote it or as the rewrite wrote it, never half of
 *       either (each is replaced whole).</li>
 *   <li>A second build with nothing recompiled rewrites nothing; even without the stamp it would
 *       change nothing, since the rewrite leaves rewritten classes alone.</li>
 *   <li>A class the rewrite refused is not recorded in the stamp, so the next build looks at it
 *       again and fails again: a refusal cannot be hidden by building twice.</li>
 *   <li>When only some sources are recompiled (the compiler plugin's default recompiles the whole
 *       module on any change), an unchanged caller keeps the rewrite it got before; if a callee it
 *       calls became {@code @Goroutine} meanwhile, the runtime pins the goroutine at that call
 *       (correct, slower) until the caller is recompiled.</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * One mojo run is one thread; Maven may run goals of different modules in parallel, each on its
 * own folder ({@code threadSafe}).
 */
package io.jgo.maven;
