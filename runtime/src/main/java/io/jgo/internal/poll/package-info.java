/**
 * The network poller (Go's {@code netpoll.go} and {@code pollDesc}): one {@code Selector} per
 * runtime, polled by the scheduler itself ({@link io.jgo.internal.poll.NetPoll}), the per-channel
 * state where the network parks and wakes ({@link io.jgo.internal.poll.PollDesc}: readiness,
 * deadlines, close, a caller's cancellation) and what it takes to park on a blocking-mode JDK
 * socket channel ({@link io.jgo.internal.poll.BlockingChannels}). {@code io.jgo.net},
 * {@code io.jgo.internal.sockets} and {@code io.jgo.internal.blocking} come in through
 * {@code PollDesc} only.
 *
 * <h2>Where it sits</h2>
 * Above the scheduler: a descriptor parks goroutines through the park seam, which sits above the
 * scheduler's core, and the scheduler must not depend on it. The scheduler knows the poller only as
 * its {@code sched.NetPoller} (the non-blocking poll of {@code findRunnable}, an idle M's blocking
 * poll, sysmon's poll, {@code netpollBreak}, stop), which {@code NetPoll} implements and installs in
 * its runtime with the first registration ({@code PollHost.pollerOf}); until then the runtime's poller
 * is {@code NetPoller.NONE} and every poll step is one volatile read. The poller asks of the runtime
 * only what {@code sched.PollHost} offers: the clock, the stop flag, an idle M, and the injection of
 * what a poll readied. The M hands itself over as a {@code NetPoller.Taker} (it takes the batch of
 * {@code findRunnable}'s poll while the gate is held) and a {@code NetPoller.Blocker} (its
 * {@code inPoll} flag and its re-check of {@code nextP}), so G, M and P stay opaque here: a goroutine is
 * a {@code sched.park.Party} (a waiter's, the batch a poll readied), which only the scheduler's side of
 * the door ({@code PollHost}, the M) sees as a G.
 * {@code PackageLayersTest} checks both directions.
 *
 * <h2>Threads</h2>
 * One poller at a time holds {@code NetPoll}'s gate (a select holds the selector's monitor); the
 * others skip the poll. Each {@code PollDesc} has one guard, held by a parking goroutine across its
 * unwind until g0 has made it WAITING; the lost wake-up between a new interest and a blocked select
 * is written out in {@code NetPoll}, the interest rules in {@code PollDesc}.
 */
package io.jgo.internal.poll;
