/**
 * Programs run under a debugger, each in a JVM of its own that {@code io.jgo.cont.DebuggerTest}
 * launches and drives through JDI. Never loaded by the test JVM itself: the tests use only their
 * compile-time constants (the source lines of the breakpoints). Rewritten by the agent in the
 * debuggee's JVM when the test gives it the agent, and left alone in the control run without it.
 */
package io.jgo.cont.debuggee;
