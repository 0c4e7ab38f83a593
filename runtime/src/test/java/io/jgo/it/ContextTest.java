package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.CanceledException;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.ContextProbe;
import io.jgo.DeadlineExceededException;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code io.jgo.Context}, Go's {@code context}: cancellation flows down the tree (never up), the
 * done channel is a select case, deadlines fire on jgo's timers and combine with the parent's,
 * values are looked up along the chain, and a finished child leaves its parent.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ContextTest {

    /** Is {@code ch} closed now? (A select with a default: a receive from a closed channel is ready.) */
    @Goroutine
    static boolean closed(Chan<Void> ch) {
        return ch != null && Select.select(Select.recv(ch, null), Select.otherwise(null)) == 0;
    }

    @Test
    void cancelEndsTheContextAndItsDescendantsButNotItsParent() {
        CancelContext root = Context.withCancel(Context.background());
        CancelContext child = Context.withCancel(root);
        Context valued = Context.withValue(child, "k", "v");
        CancelContext grandchild = Context.withTimeout(valued, Duration.ofHours(1));
        CancelContext sibling = Context.withCancel(root);
        assertNull(child.err());
        assertFalse(closed(child.done()));

        child.cancel();

        assertSame(Context.CANCELED, child.err());
        assertTrue(closed(child.done()));
        assertSame(Context.CANCELED, grandchild.err(), "a descendant through a value context");
        assertSame(Context.CANCELED, valued.err());
        assertTrue(closed(grandchild.done()));
        assertNull(root.err(), "a child's cancel never cancels its parent");
        assertFalse(closed(root.done()));
        assertNull(sibling.err());
        assertEquals(1, ContextProbe.children(root), "the cancelled child left its parent; the sibling stays");

        child.cancel(); // a second cancel does nothing
        assertSame(Context.CANCELED, child.err());
        root.close(); // close is cancel
        assertSame(Context.CANCELED, sibling.err());
        assertEquals(0, ContextProbe.children(root));
    }

    @Test
    void errIsOneOfTwoSingletonsOfTwoTypes() {
        assertTrue(Context.CANCELED instanceof CanceledException);
        assertTrue(Context.DEADLINE_EXCEEDED instanceof DeadlineExceededException);
        assertFalse((Object) Context.DEADLINE_EXCEEDED instanceof CanceledException);
        assertTrue(Context.CANCELED instanceof CancellationException);
        assertTrue(Context.DEADLINE_EXCEEDED instanceof CancellationException);
        assertEquals("context canceled", Context.CANCELED.getMessage());
        assertEquals("context deadline exceeded", Context.DEADLINE_EXCEEDED.getMessage());
        assertEquals(0, Context.CANCELED.getStackTrace().length, "a shared value carries no stack");
    }

    @Test
    void theBackgroundIsNeverDoneAndHasNothing() {
        Context bg = Context.background();
        assertNull(bg.done(), "Go's nil channel: a select case on it is never ready");
        assertNull(bg.err());
        assertEquals(Optional.empty(), bg.deadline());
        assertNull(bg.value("anything"));
        assertSame(bg, Context.background());
    }

    @Test
    void goroutinesSelectingOnDoneWakeWhenTheContextIsCancelled() {
        int n = 200;
        AtomicInteger woken = new AtomicInteger();
        List<Exception> errs = new CopyOnWriteArrayList<>();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(4);
            CancelContext root = Context.withCancel(Context.background());
            Context ctx = Context.withValue(root, "request", 7);
            Chan<Integer> never = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            wg.add(n);
            for (int i = 0; i < n; i++) {
                CancelContext mine = i % 2 == 0 ? Context.withCancel(ctx) : null;
                Context watched = mine != null ? mine : ctx;
                Go.go(() -> {
                    int fired = Select.select(Select.recv(never, v -> { }), Select.recv(watched.done(), v -> { }));
                    if (fired == 1) {
                        woken.incrementAndGet();
                        errs.add(watched.err());
                    }
                    wg.done();
                });
            }
            Await.dumpShows(n + " goroutines in select", d -> FutureParkTest.count(d, "[select") == n);
            root.cancel();
            wg.await();
        }));
        assertEquals(n, woken.get());
        assertTrue(errs.stream().allMatch(e -> e == Context.CANCELED), errs.toString());
    }

    @Test
    void aDeadlineCancelsWithDeadlineExceededOnJgoTimers() {
        AtomicReference<Exception> err = new AtomicReference<>();
        AtomicReference<Exception> childErr = new AtomicReference<>();
        Pins.none(() -> Go.run(() -> {
            CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofMillis(20));
            CancelContext child = Context.withCancel(ctx);
            child.done().recv(); // returns when closed
            err.set(ctx.err());
            childErr.set(child.err());
            ctx.cancel(); // after the deadline: nothing changes
        }));
        assertSame(Context.DEADLINE_EXCEEDED, err.get());
        assertSame(Context.DEADLINE_EXCEEDED, childErr.get());
    }

    @Test
    void aDeadlineFiresForAPlainThreadToo() {
        CancelContext ctx = Context.withDeadline(Context.background(), Instant.now().plusMillis(20));
        ctx.done().recv(); // a plain thread blocks until the default runtime's timer cancels it
        assertSame(Context.DEADLINE_EXCEEDED, ctx.err());
    }

    @Test
    void aPassedDeadlineOrAnEndedParentEndsTheChildAtOnce() {
        CancelContext past = Context.withDeadline(Context.background(), Instant.now().minusSeconds(1));
        assertSame(Context.DEADLINE_EXCEEDED, past.err());
        assertTrue(closed(past.done()));
        CancelContext zero = Context.withTimeout(Context.background(), Duration.ZERO);
        assertSame(Context.DEADLINE_EXCEEDED, zero.err());

        CancelContext parent = Context.withCancel(Context.background());
        parent.cancel();
        CancelContext child = Context.withCancel(Context.withValue(parent, 1, 2));
        assertSame(Context.CANCELED, child.err());
        assertTrue(closed(child.done()));
        CancelContext timedChild = Context.withTimeout(past, Duration.ofHours(1));
        assertSame(Context.DEADLINE_EXCEEDED, timedChild.err(), "the parent's reason, not the child's");
        assertEquals(0, ContextProbe.children(parent));
    }

    @Test
    void aChildsDeadlineIsTheEarlierOfItsOwnAndItsParents() {
        Instant soon = Instant.now().plusSeconds(3600);
        Instant later = soon.plusSeconds(3600);
        Instant earlier = soon.minusSeconds(1800);
        try (CancelContext parent = Context.withDeadline(Context.background(), soon)) {
            assertEquals(Optional.of(soon), parent.deadline());
            assertEquals(Optional.of(soon), Context.withDeadline(parent, later).deadline());
            assertEquals(Optional.of(earlier), Context.withDeadline(parent, earlier).deadline());
            assertEquals(Optional.of(soon), Context.withCancel(parent).deadline());
            assertEquals(Optional.of(soon), Context.withValue(parent, "k", 1).deadline());
            assertEquals(Optional.empty(), Context.withCancel(Context.background()).deadline());
        }
    }

    @Test
    void valuesAreLookedUpAlongTheChain() {
        Context a = Context.withValue(Context.background(), "user", "ann");
        CancelContext b = Context.withCancel(a);
        Context c = Context.withValue(b, "trace", 42);
        Context d = Context.withValue(c, "user", "bob");
        assertEquals("ann", c.value("user"));
        assertEquals(42, c.value("trace"));
        assertEquals("bob", d.value("user"), "the nearest binding wins");
        assertEquals(42, d.value("trace"));
        assertNull(d.value("missing"));
        assertEquals("ann", b.value("user"));
        assertNull(Context.withValue(Context.background(), "k", null).value("k"));
        assertThrows(NullPointerException.class, () -> Context.withValue(a, null, 1));
        assertThrows(NullPointerException.class, () -> Context.withCancel(null));
    }

    @Test
    void aMillionCancelledChildrenLeaveTheParentsSetEmpty() {
        CancelContext parent = Context.withCancel(Context.background());
        Context through = Context.withValue(parent, "k", "v");
        for (int i = 0; i < 1_000_000; i++) {
            CancelContext child = i % 2 == 0 ? Context.withCancel(through) : Context.withTimeout(parent, Duration.ofHours(1));
            child.cancel();
        }
        assertEquals(0, ContextProbe.children(parent));
        CancelContext live = Context.withCancel(parent);
        assertEquals(1, ContextProbe.children(parent), "the probe sees a registered child");
        live.cancel();
        assertEquals(0, ContextProbe.children(parent));
    }

    /** A context jgo did not write: cancelled by closing its own channel. */
    static final class Foreign implements Context {
        final Chan<Void> done = Chan.make(0);
        volatile Exception err;

        @Override
        public Chan<Void> done() {
            return done;
        }

        @Override
        public Exception err() {
            return err;
        }

        @Override
        public Optional<Instant> deadline() {
            return Optional.empty();
        }

        @Override
        public Object value(Object key) {
            return "foreign".equals(key) ? "yes" : null;
        }

        void cancel(Exception why) {
            err = why;
            done.close();
        }
    }

    @Test
    void aParentJgoDidNotWriteStillCancelsItsChildren() {
        AtomicReference<Exception> err = new AtomicReference<>();
        AtomicInteger goroutinesAfterChildCancel = new AtomicInteger();
        AtomicInteger goroutinesBefore = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            goroutinesBefore.set(Go.numGoroutine());
            Foreign parent = new Foreign();
            CancelContext child = Context.withCancel(parent);
            assertEquals("yes", child.value("foreign"));
            CancelContext grandchild = Context.withCancel(child);
            parent.cancel(new IllegalStateException("the foreign parent's reason"));
            grandchild.done().recv();
            err.set(grandchild.err());

            Foreign other = new Foreign();
            CancelContext early = Context.withCancel(other);
            early.cancel(); // the watch ends: nothing left waiting on other's channel
            Await.until("the watch goroutines to end", () -> Go.numGoroutine() == goroutinesBefore.get(),
                    () -> "goroutines: " + Go.numGoroutine());
            goroutinesAfterChildCancel.set(Go.numGoroutine());
        }));
        assertEquals("the foreign parent's reason", err.get().getMessage());
        assertEquals(goroutinesBefore.get(), goroutinesAfterChildCancel.get());
    }
}
