/**
 * The programs the continuation tests run: one class per bytecode shape, each computing a
 * {@code result} through suspension points ({@code Yield}). Rewritten by the agent and, loaded
 * through {@code io.jgo.cont.RewritingLoader}, by the build-time rewrite as well.
 */
package io.jgo.cont.shapes;
