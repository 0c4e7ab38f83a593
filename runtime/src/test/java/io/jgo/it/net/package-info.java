/**
 * Tests of {@code io.jgo.net} and the netpoller with real goroutines (this package is rewritten by
 * the agent, so reads, writes, accepts and dials really park): echo at scale, deadlines, close,
 * resets, half-close, slow readers, refused dials, several runtimes, plain threads, and the
 * scheduler's side (the injected batch, sysmon's poll) read back from the trace.
 */
package io.jgo.it.net;
