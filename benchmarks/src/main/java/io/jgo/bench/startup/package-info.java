/**
 * The programs whose start-up the report times ({@link io.jgo.bench.report.StartupRuns}): the
 * smallest program that gets one line from a goroutine ({@link io.jgo.bench.startup.HelloGoroutine}),
 * and the same shape in plain Java with a platform thread ({@link io.jgo.bench.startup.HelloThread}),
 * the floor a JVM gives any program. Both print their line through
 * {@link io.jgo.bench.startup.FirstLine}, which then reports the JVM's own uptime at that line.
 *
 * <h2>Build</h2>
 * This package is left out of the module's build-time rewrite (the {@code excludes} of
 * {@code jgo-maven-plugin} in the POM), so {@code target/classes} holds it as javac wrote it: the
 * start-up runs copy it from there and give it to the agent unchanged, and rewrite a second copy
 * ahead of time with the instrumenter's CLI, as an application's build would. Nothing else loads
 * these classes.
 */
package io.jgo.bench.startup;
