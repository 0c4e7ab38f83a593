package io.jgo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.internal.Stack;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit extension: every test it covers must end with no suspension having pinned its carrier
 * ({@link Stack#pinCount()}, process-wide; the JVM runs one test at a time). A pin leaves a
 * program's result intact, so a test that claims goroutines unwind has to ask this: without it a
 * wrong rewrite passes silently. Use {@code @ExtendWith(NoGoroutinePinned.class)} on a class (every
 * test) or on one test method; {@link Pins} does the same around a block.
 */
public final class NoGoroutinePinned implements BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(NoGoroutinePinned.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("pins", Stack.pinCount());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        long before = context.getStore(NS).get("pins", Long.class);
        long pins = Stack.pinCount() - before;
        assertEquals(0, pins, pins + " suspension(s) in " + context.getDisplayName()
                + " pinned their carrier instead of unwinding (stderr names the frame)");
    }
}
