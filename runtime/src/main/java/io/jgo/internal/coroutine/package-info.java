/**
 * {@link io.jgo.internal.coroutine.Coroutine}: runs a rewritten body on the calling thread one step
 * at a time, without the scheduler. The smallest driver of the continuation machinery, for the
 * tests of the rewrite and the suspend/resume benchmarks. Not exported by the runtime module.
 */
package io.jgo.internal.coroutine;
