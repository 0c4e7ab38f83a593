/**
 * A stand-in for a third-party library in the tests of {@code suspendable=}: plain Java, no jgo
 * annotation, callbacks called from its own frames.
 */
package org.example.retry;
