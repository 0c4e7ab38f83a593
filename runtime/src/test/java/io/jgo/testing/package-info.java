/**
 * Helpers shared by the runtime's tests. This package is rewritten by the agent, so its
 * {@code @Goroutine} helpers really unwind when a rewritten goroutine calls them (from a package the
 * agent skips they pin, like any suspension there).
 * <ul>
 *   <li>{@link io.jgo.testing.Pins}: "nothing pinned" (or exactly so many pins) around a block;
 *       {@link io.jgo.testing.NoGoroutinePinned}, the same as a JUnit extension for whole tests.</li>
 *   <li>{@link io.jgo.testing.Gc}: wait on a {@code ReferenceQueue} until an object is collected
 *       (skipped where {@code System.gc()} is disabled).</li>
 *   <li>{@link io.jgo.testing.Await}: wait, from a goroutine, until the goroutine dump (or another
 *       condition) shows something; a generous deadline turns a hang into a failure that says what
 *       was awaited and what the dump showed last. Never a timing assertion.</li>
 *   <li>{@link io.jgo.testing.Heavy}: the JUnit tag {@code heavy} on a test class that takes seconds;
 *       {@code -DexcludedGroups=heavy} leaves those out (the fast lane).</li>
 * </ul>
 * Tests run one at a time in one JVM (no JUnit parallelism), which is what lets {@link io.jgo.testing.Pins}
 * read a process-wide counter.
 */
package io.jgo.testing;
