package io.jgo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.StackAccess;
import org.junit.jupiter.api.Test;

/**
 * An exception caught while a goroutine unwinds (a save on the way threw: no memory for a segment,
 * a stack overflow) ends the unwind in the catching frame's handler ({@code Stack.onCatch}): the
 * goroutine is no longer suspending, the records saved by the frames the exception left are
 * dropped with their references, the park the leaf prepared is cancelled through the owner, and the
 * next suspension saves and restores only its own frames. Driven by hand, as rewritten code calls
 * the stack; the same in a real JVM that runs out of memory: {@code OutOfMemoryCaughtDuringUnwindTest}.
 */
class CaughtUnwindTest {

    private static final int LEAF = 7;
    private static final int INNER = 22;
    private static final int CATCHER = 33;

    /** A goroutine's side of the stack: counts cancelled parks. */
    private static final class Owner implements Continuation.Owner {
        int cancels;

        @Override
        public void parkPinned(Continuation stack, int kind) {
            throw new AssertionError("nothing here pins");
        }

        @Override
        public void cancelPark(Continuation stack) {
            cancels++;
        }
    }

    /** The leaf has yielded (to park) and one frame has saved its record: the unwind is half way. */
    private static Stack halfUnwound(Owner owner) {
        Stack s = new Stack(owner);
        assertTrue(StackAccess.suspendLeaf(s, Stack.LAZY_VIA, LEAF, Stack.YIELD_PARK));
        s.pushFrame(INNER, 3, 1, 1, null);
        Stack.saveI(42, s, 0);
        Stack.saveA(new Object(), s, 0);
        assertTrue(s.unwindOrPin(Stack.LAZY_VIA, INNER, null));
        assertTrue(s.afterCall(), "positive control: the frame above sees an unwind");
        assertEquals(2, s.depth());
        return s;
    }

    @Test
    void aCaughtExceptionEndsTheUnwindDropsItsRecordsAndCancelsThePark() {
        Owner owner = new Owner();
        Stack s = halfUnwound(owner);
        // the next frame's save threw; the frame above it catches
        s.callSite = 99;
        s.onCatch();
        assertFalse(s.afterCall(), "still suspending: the handler's next call would save its frame and return");
        assertEquals(0, s.depth(), "the records of the frames the exception left are dropped");
        assertFalse(s.isResuming());
        assertEquals(1, owner.cancels, "the park the leaf prepared is cancelled");
        assertEquals(0, s.callSite);
        StackAccess.checkInvariants(s); // no reference of a dropped record is kept
    }

    @Test
    void theGoroutineGoesOnAndItsNextSuspensionResumesOnlyItsOwnFrames() {
        Owner owner = new Owner();
        Stack s = halfUnwound(owner);
        s.onCatch();
        // the catching frame goes on and parks again: the leaf yields, the catcher saves
        assertTrue(StackAccess.suspendLeaf(s, Stack.LAZY_VIA, LEAF, Stack.YIELD_PARK));
        s.pushFrame(CATCHER, 5, 1, 0, null);
        Stack.saveI(7, s, 0);
        assertTrue(s.unwindOrPin(Stack.LAZY_VIA, CATCHER, null));
        StackAccess.endUnwind(s);
        StackAccess.checkInvariants(s);
        assertEquals(2, s.depth());
        StackAccess.prepareResume(s);
        assertEquals(5, s.onAttention(CATCHER), "the catcher gets its own record back");
        assertEquals(7, s.restoreI(0));
        assertTrue(s.isResuming(), "the leaf's record is next");
        StackAccess.resumeLeaf(s);
        assertEquals(0, s.depth());
        assertFalse(s.isResuming(), "nothing of the cancelled unwind is left to resume");
        assertEquals(1, owner.cancels);
        StackAccess.checkInvariants(s);
    }

    @Test
    void anExceptionCaughtOutsideAnUnwindCancelsNothing() {
        Owner owner = new Owner();
        Stack s = new Stack(owner);
        s.onCatch();
        assertEquals(0, owner.cancels);
        assertFalse(s.afterCall());
    }
}
