/**
 * End-to-end tests written against the public API only, as a user's program would be: this package
 * is rewritten by the agent, so every {@code Go.gosched}, {@code Go.sleep} and {@code WaitGroup.await}
 * here really unwinds the goroutine to its carrier's g0 loop, and the tests assert that nothing
 * pinned ({@link io.jgo.testing.Pins}).
 *
 * <h2>Which test packages the agent rewrites</h2>
 * The agent ({@code io.jgo.agent.ClassFilter}) skips {@code io/jgo/*} and {@code io/jgo/internal/**};
 * it rewrites every other package, test packages included. In a package it skips, a park or yield
 * of ordinary code <em>pins</em> (the carrier blocks, or carries on in place for a yield) instead
 * of unwinding, and the result is the same, so only a pin count tells the two apart.
 * <pre>
 * test package            rewritten  what it holds                                    pins asserted
 * io.jgo.it               yes        public API end to end                            none
 * io.jgo.it.sched         yes        scheduler decisions with real goroutines, via     none; exactly one in
 *                                    internal.sched.TestRuntimes and TraceRecorder     PinnedGoroutineTest
 * io.jgo.testing          yes        shared helpers: Pins, Await                      (HelpersTest: both ways)
 * io.jgo.cont             yes        continuation shapes, agent and build-time paths  none per coroutine;
 *                                    (Differential, Coroutine)                         PinningTest expects pins
 * io.jgo.cont.shapes      yes        the shape programs (also rewritten at "build
 *                                    time" by RewritingLoader)
 * io.jgo.cont.debuggee    yes, in    programs run under JDI by DebuggerTest           none (the debuggee
 *                         their own  (the test JVM never loads them)                  prints its pin count)
 *                         JVM
 * io.jgo.it.leftout.app   yes, in    a program LeftOutPinTest runs with the agent's   the pin it warns
 *   and .lib              its own    include= or exclude= leaving .lib out (the test   about (stderr)
 *                         JVM; .lib  JVM never loads them)
 *                         not
 * io.jgo.internal        no         Stack's records and handshakes, by hand          (no goroutines)
 * io.jgo.internal.sched   no         run queues, step-driven scenarios, runtimes      only main's, where
 *                                    whose goroutines do not park, and goroutines     the trace shows it
 *                                    unwound by hand (HandRewrittenBody)               (UnwoundGoroutineTest)
 * </pre>
 */
package io.jgo.it;
