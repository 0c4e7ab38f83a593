/**
 * Every {@code jgo.*} system property (and the {@code GOMAXPROCS} environment variable) the
 * runtime reads, in one typed place: {@link io.jgo.internal.settings.Setting} lists them (key,
 * valid values, default), {@link io.jgo.internal.settings.Settings} reads and checks them all.
 *
 * <p>One rule for every setting: a bad value is an {@link java.lang.IllegalArgumentException}
 * naming the setting, the value given and what is valid ({@code jgo: -Djgo.counts=yes: expected
 * true or false ...}), thrown when a runtime starts, before anything runs; it is never replaced by
 * a default. Per-runtime settings are read each time a runtime starts ({@code Config.fromSystem});
 * process-wide ones (the pin report, full stacks, thread-local mode, JMX, the agent's include and
 * exclude lists) are read once, by the class that uses them, through the same parsers, and are
 * checked with the others at every start, so a bad one stops the first start.
 *
 * <p>A leaf: it depends on nothing of jgo, so every layer, the continuation machinery included,
 * may read its settings here ({@code PackageLayersTest}). Immutable values; any thread.
 */
package io.jgo.internal.settings;
