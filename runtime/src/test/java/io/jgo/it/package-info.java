/**
 * End-to-end tests written against the public API only, as a user's program would be: this package
 * is rewritten by the agent (unlike {@code io.jgo} and {@code io.jgo.internal}, whose classes the
 * agent leaves alone), so every {@code Go.gosched} and {@code WaitGroup.await} here really unwinds
 * the goroutine to its carrier's g0 loop, and the tests assert that nothing pinned.
 */
package io.jgo.it;
