/**
 * The macro comparison harness: jgo goroutines against Loom virtual threads and platform threads
 * on the same workloads, each runtime in its own fresh JVM, side by side in one command.
 *
 * <h2>Shape</h2>
 * A {@link io.jgo.bench.macro.Workload} says what it measures and, for each
 * {@link io.jgo.bench.macro.Contender} (jgo, Loom, platform), how it runs there, or why it does not;
 * {@link io.jgo.bench.macro.Workloads#ALL} is the registry. {@link io.jgo.bench.macro.Compare} (the
 * parent) starts one JVM per (workload, parallelism, runtime) running {@link io.jgo.bench.macro.Trial}
 * (the child: warm-up runs, then measured runs, one figure per line), then prints one markdown
 * table with medians, spreads and the ratios jgo/Loom and jgo/platform, and writes every run to a
 * CSV for charts and written reports.
 *
 * <h2>Fairness rules</h2>
 * <ul>
 *   <li>Every JVM gets the same heap flags; only the contender's parallelism flags differ.</li>
 *   <li>Spawning starts from inside the runtime: a main goroutine ({@code Go.run}), a virtual main
 *       thread for Loom; platform threads are started from the JVM's main thread.</li>
 *   <li>A run's figure covers the workload only, not runtime start-up (each jgo run is a fresh
 *       {@code Go.run}; its timer starts inside the main goroutine).</li>
 *   <li>Every run checks its result (a sum, a count) before its time is reported.</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * The parent is single-threaded; children are separate processes, run one at a time so they do not
 * compete for CPUs.
 */
package io.jgo.bench.macro;
