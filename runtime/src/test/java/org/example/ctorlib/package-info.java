/**
 * A library nobody annotated whose constructors wait (on a channel, on a socket) after their
 * {@code super(...)} call: {@code SplitConstructorTest} constructs them from goroutines.
 */
package org.example.ctorlib;
