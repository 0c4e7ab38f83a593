/**
 * A stand-in for a third-party library that looks at itself, in the tests of {@code suspendable=}:
 * it calls its own private methods through {@code MethodHandles} and reflection, and lists its own
 * fields and methods. Plain Java, no jgo annotation.
 */
package org.example.selfcheck;
