/**
 * Continuation tests: each shape program of {@link io.jgo.cont.shapes} is run as plain Java and as a
 * {@code Coroutine} that yields at every suspension point, through two rewrites (the agent's, and the
 * build-time rewrite of {@code RewritingLoader}), and the results must match. Rewritten by the agent
 * (see the table in {@link io.jgo.it}). Pins are counted per coroutine ({@code Coroutine.pins()}):
 * {@link io.jgo.cont.Differential#check} asserts none; {@code PinningTest} and
 * {@code RewriteWarningsTest} provoke them and assert them.
 */
package io.jgo.cont;
