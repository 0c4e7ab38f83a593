/**
 * What the JDK's tools see of the runtimes: JFR events, a JMX bean per runtime, goroutine dumps on a
 * signal. This package depends on the scheduler ({@code io.jgo.internal.sched}), never the reverse:
 * the scheduler reports each decision through its {@code SchedListener} interface, which
 * {@link io.jgo.internal.observe.Observers} implements (provided as a service) by passing it to
 * {@link io.jgo.internal.observe.Events} and the registry; it reads back nothing. This package reads
 * the scheduler only through its public snapshot ({@code Sched.stats()}, {@code Sched.dump()}).
 *
 * <h2>JFR events</h2>
 * <table>
 *   <caption>Events, when they are emitted and whether the default settings record them</caption>
 *   <tr><th>Event</th><th>Thread</th><th>Default</th></tr>
 *   <tr><td>{@code jgo.GoroutinePinned} (duration, stack trace)</td><td>the pinned carrier, when the goroutine runs again</td><td>on, threshold 20 ms</td></tr>
 *   <tr><td>{@code jgo.Retake}</td><td>sysmon</td><td>on</td></tr>
 *   <tr><td>{@code jgo.GomaxprocsChange} (stack trace)</td><td>the caller of {@code Go.maxProcs(n)}</td><td>on</td></tr>
 *   <tr><td>{@code jgo.Deadlock}</td><td>M0</td><td>on</td></tr>
 *   <tr><td>{@code jgo.Scheduler} (every second, per runtime)</td><td>JFR's periodic thread</td><td>on</td></tr>
 *   <tr><td>{@code jgo.GoroutinePreempted}</td><td>sysmon, once per P per time slice</td><td>off</td></tr>
 *   <tr><td>{@code jgo.SyscallHandoff} (stack trace)</td><td>the goroutine, once per blocking call</td><td>off</td></tr>
 * </table>
 * The events off by default are the per-goroutine ones whose rate follows the workload; on, they
 * cost their commit. Before Flight Recorder initializes, an emission point reads one volatile flag
 * and no event class is loaded; after, an event that is off costs one {@code isEnabled()} check, a
 * static field of the JFR-instrumented event class.
 *
 * <h2>Threads and process-wide state</h2>
 * JMX, signals and Flight Recorder are process-wide, so {@link io.jgo.internal.observe.Observe}
 * holds the one registry of live runtimes. The platform MBean server and Flight Recorder take a few
 * hundred milliseconds to set up, so a daemon thread ({@code jgo-observe},
 * {@link io.jgo.internal.observe.Registrar}) registers and unregisters the beans and hooks the
 * periodic event; a {@code Go.run} never waits for it. The dump-on-signal handler runs on the JVM's
 * signal dispatcher thread.
 */
package io.jgo.internal.observe;
