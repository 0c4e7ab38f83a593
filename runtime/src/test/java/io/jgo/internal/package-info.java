/**
 * Tests of the continuation runtime's own classes ({@code Stack}'s records and handshakes) driven by
 * hand: no goroutine runs and nothing is rewritten here (the agent skips {@code io/jgo/internal/};
 * see the table in {@code io.jgo.it}'s package comment).
 */
package io.jgo.internal;
