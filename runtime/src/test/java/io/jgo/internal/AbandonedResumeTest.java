package io.jgo.internal;

import io.jgo.internal.cont.StackAccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The last line of defence of "never corrupt": saved records are restored only into the frame that
 * saved them. A fresh call that meets another method's record, or an exception caught while records
 * wait to be resumed, drops them instead of restoring them somewhere else.
 */
class AbandonedResumeTest {

    private static final int OUTER = 11;
    private static final int INNER = 22;
    private static final int STRANGER = 33;

    private static Stack suspendedTwoDeep() {
        Stack s = new Stack((stack, kind) -> { });
        StackAccess.pushFrame(s, INNER, 3, 1, 1);   // innermost first, as an unwind saves
        Stack.saveI(42, s, 0);
        Stack.saveA("inner's value", s, 0);
        StackAccess.pushFrame(s, OUTER, 1, 0, 0);
        StackAccess.prepareResume(s);
        return s;
    }

    @Test
    void eachFrameGetsItsOwnRecordBack() {
        Stack s = suspendedTwoDeep();
        assertEquals(1, s.onAttention(OUTER));
        assertEquals(3, s.onAttention(INNER));
        assertEquals(42, s.restoreI(0));
        assertEquals("inner's value", s.restoreA(0));
        assertEquals(0, s.depth());
        assertFalse(s.isResuming(), "the resume ends with the last record");
    }

    @Test
    void aFreshCallMeetingAnotherMethodsRecordRunsFromItsStartAndDropsTheRecords() {
        Stack s = suspendedTwoDeep();
        assertEquals(1, s.onAttention(OUTER));
        assertEquals(0, s.onAttention(STRANGER), "the stranger must run its body, not restore the inner frame's values");
        assertEquals(0, s.depth(), "the records of frames that will never be re-entered are dropped");
        assertFalse(s.isResuming());
    }

    @Test
    void anExceptionCaughtWhileRecordsWaitDropsThem() {
        Stack s = suspendedTwoDeep();
        assertEquals(1, s.onAttention(OUTER));
        s.callSite = 99;
        s.onCatch();
        assertEquals(0, s.depth());
        assertFalse(s.isResuming());
        assertEquals(0, s.callSite, "the call that threw is over: its handshake is void");
    }

    @Test
    void anExceptionCaughtOutsideAResumeKeepsNothingButClearsTheHandshake() {
        Stack s = new Stack((stack, kind) -> { });
        s.callSite = 99;
        s.onCatch();
        assertEquals(0, s.callSite);
        assertEquals(0, s.depth());
        StackAccess.pushFrame(s, OUTER, 1, 0, 0);
        StackAccess.prepareResume(s);
        assertTrue(s.isResuming(), "positive control: a real resume is armed");
        assertEquals(1, s.onAttention(OUTER));
    }
}
