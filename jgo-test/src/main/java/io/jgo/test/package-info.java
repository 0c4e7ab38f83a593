/**
 * Test it like Go: {@link io.jgo.test.GoTest} runs a JUnit 5 test as the main goroutine of a
 * <em>bubble</em> (Go's {@code testing/synctest}, plus {@code goleak}'s leak check and a seeded
 * scheduler for reproducible interleavings). See docs/testing.md for the user's view.
 *
 * <h2>Design</h2>
 * <ul>
 *   <li>{@link io.jgo.test.GoTestExtension} intercepts the test method, binds it to its instance as
 *       a suspendable {@code Body} ({@code TestMethods}: a {@code LambdaMetafactory} forwarder, which
 *       the rewrite sees through, so nothing pins) and runs it once per seed through
 *       {@code io.jgo.internal.proc.Bubbles}: a fresh runtime with one P and no sysmon, every free
 *       scheduling decision drawn from the seed ({@code sched.SeededSchedule}), and its timers on a
 *       virtual clock ({@code sched.timer.VirtualClock}) that jumps to the next deadline only when every
 *       goroutine is durably blocked ({@code sched.Quiescence}).</li>
 *   <li>{@code MainGoroutine} is the bubble's main goroutine: the body, then
 *       {@link io.jgo.test.Bubble#await}, then the goroutines left alive are the leak report.</li>
 *   <li>The test method is suspendable because the rewrite treats {@code @GoTest} as
 *       {@code @Goroutine}; this module's own suspendable classes are rewritten when it is built
 *       (jgo-test/pom.xml), so the jar works with the agent and without it.</li>
 * </ul>
 * Threads: the extension runs on JUnit's thread, which is M0 of each bubble while it runs; what
 * the main goroutine records is read after the run returned.
 */
package io.jgo.test;
