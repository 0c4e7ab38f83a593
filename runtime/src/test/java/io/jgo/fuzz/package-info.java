/**
 * Differential fuzzing of the rewrite: random programs must compute, once rewritten and run as
 * goroutines, exactly what they compute as plain Java.
 *
 * <h2>Pipeline</h2>
 * <ol>
 *   <li><b>Choices.</b> jqwik draws a list of numbers ({@link io.jgo.fuzz.DifferentialFuzzTest});
 *       {@link io.jgo.fuzz.Choices} hands them to the generator one decision at a time, 0 once used
 *       up. Alternative 0 is always the simplest, so jqwik's shrinking of the list (drop numbers,
 *       move them towards 0) shrinks the program, and a failure reports a small program.</li>
 *   <li><b>Generation.</b> {@link io.jgo.fuzz.ProgramGenerator} writes a class of methods
 *       {@code m0..mN} (static, instance, @Goroutine or not, every return and parameter type) from
 *       {@link io.jgo.fuzz.Statements} and {@link io.jgo.fuzz.Expressions} (every primitive type,
 *       String, boxed, arrays, lists, objects; loops, the four kinds of switch, try/catch/finally,
 *       synchronized, calls) and {@link io.jgo.fuzz.Callables} (lambdas, method references of every
 *       adaptation kind, streams, function wrappers, virtual and interface calls, recursion), plus the
 *       fixed {@link io.jgo.fuzz.HelperTypes}. Each construct belongs to a {@link io.jgo.fuzz.Feature};
 *       {@link io.jgo.fuzz.FuzzSettings} says which are on.</li>
 *   <li><b>Observation.</b> Programs record every value they compute, and every exception they
 *       catch, in a {@link io.jgo.fuzz.Trace}; their suspension points are the trace's {@code y*}
 *       methods, which return their argument and, per run, suspend always, on a seeded subset, or
 *       never. So where a run suspends never changes what it records.</li>
 *   <li><b>Runs.</b> {@link io.jgo.fuzz.FuzzHarness} compiles the text twice in memory
 *       ({@link io.jgo.fuzz.InMemoryCompiler}): into {@code io.jgo.fuzz.pristine}, which the test
 *       JVM's agent excludes (runtime/pom.xml), and into {@code io.jgo.fuzz.gen}, which it rewrites.
 *       The plain run of the pristine classes is the expected result. Then the agent-rewritten
 *       classes and the pristine classes rewritten by a build-time {@code Instrumenter}
 *       ({@link io.jgo.fuzz.ProgramLoader}) each run stepped by a {@code Coroutine} in all three
 *       suspension modes, and under {@code Go.run} at a random GOMAXPROCS with several copies at
 *       once ({@link io.jgo.fuzz.Runs}).</li>
 *   <li><b>Verdict.</b> Any run whose trace differs, that throws out of the machinery, gets stuck or
 *       hangs, or a build-time rewrite that refuses a class, fails the property; jqwik shrinks it
 *       and the failure message (also kept under {@code target/fuzz/}) holds the program.</li>
 * </ol>
 *
 * <h2>Invariants of generated programs</h2>
 * They end (counted loops, at most two deep; a method calls only later methods; recursion is the
 * bounded {@code rec}); they are deterministic (no hashing of identities, no unordered iteration,
 * arrays are never printed by identity); accidental exceptions are avoided (odd divisors, indices
 * modulo the length, nothing null) and deliberate ones are thrown under a condition; and they
 * compile (jumps are guarded by an {@code if}, names are never reused). A program that still runs
 * too long (a {@link io.jgo.fuzz.Trace.RunawayProgram}) is discarded, not failed.
 *
 * <h2>Found programs</h2>
 * Each failure the fuzzer found is kept as a resource and run by {@link io.jgo.fuzz.FuzzRegressionTest}:
 * {@code regressions/} must pass, {@code pending/} (defects not yet fixed on main) must still fail.
 * runtime/FUZZING.md logs the runs and the findings.
 *
 * <h2>Threads</h2>
 * The generator is single-threaded per program. Each program copy has its own {@link io.jgo.fuzz.Trace},
 * used by the one goroutine running it; {@link io.jgo.fuzz.Stats} is the only shared state.
 */
package io.jgo.fuzz;
