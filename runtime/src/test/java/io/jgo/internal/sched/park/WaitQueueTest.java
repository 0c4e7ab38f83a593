package io.jgo.internal.sched.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The queue side of the parking seam ({@link WaitQueue}, Go's {@code waitq}) on its own, with no
 * scheduler running: what a primitive's waker relies on when it takes the head under its lock. The
 * waiters are plain-thread ones that nobody blocks on; the queue never looks at who they are, but
 * for the two cases it skips: a select case another waker already won, and a goroutine of a stopped
 * runtime. One test per rule; a new primitive on {@code WaitQueue} adds its own rules the same way.
 */
class WaitQueueTest {

    @Test
    void dequeueTakesWaitersInArrivalOrder() {
        WaitQueue q = new WaitQueue();
        assertTrue(q.isEmpty());
        Waiter a = Waiter.forThread();
        Waiter b = Waiter.forThread();
        Waiter c = Waiter.forThread();
        q.enqueue(a);
        q.enqueue(b);
        q.enqueue(c);
        assertFalse(q.isEmpty());
        assertSame(a, q.dequeue());
        assertSame(b, q.dequeue());
        assertSame(c, q.dequeue());
        assertNull(q.dequeue(), "empty again");
        assertTrue(q.isEmpty());
    }

    @Test
    void enqueueFirstPutsARequeuedWaiterAheadOfEveryone() {
        WaitQueue q = new WaitQueue();
        Waiter a = Waiter.forThread();
        Waiter lost = Waiter.forThread();
        q.enqueue(a);
        q.enqueueFirst(lost); // Go: a woken waiter that lost the race waits at the front
        assertSame(lost, q.peekLive(), "the head, without removing it");
        assertSame(lost, q.dequeue());
        assertSame(a, q.dequeue());
    }

    @Test
    void removeUnlinksAWaiterFromTheMiddleAndIgnoresOneNotQueued() {
        WaitQueue q = new WaitQueue();
        Waiter a = Waiter.forThread();
        Waiter b = Waiter.forThread();
        Waiter c = Waiter.forThread();
        q.enqueue(a);
        q.enqueue(b);
        q.enqueue(c);
        q.remove(b); // a select cleaning up a losing case, a cancelled park
        q.remove(b); // a second time: no longer queued, nothing happens
        q.remove(Waiter.forThread()); // never queued here
        assertSame(a, q.dequeue());
        assertSame(c, q.dequeue());
        assertNull(q.dequeue());
    }

    @Test
    void aSelectCaseAnotherWakerWonIsSkipped() {
        WaitQueue q = new WaitQueue();
        SelectWait sw = new SelectWait(false);
        Waiter case0 = Waiter.forSelect(null, sw, 0);
        Waiter case1 = Waiter.forSelect(null, sw, 1);
        Waiter plain = Waiter.forThread();
        WaitQueue other = new WaitQueue();
        other.enqueue(case0);
        q.enqueue(case1);
        q.enqueue(plain);
        assertSame(case0, other.dequeue(), "a waker on the other channel wins the select first");
        assertSame(case0, sw.winner());
        assertSame(plain, q.dequeue(), "this queue's case of the same select is dropped on the way");
        assertNull(q.dequeue());
    }

    @Test
    void aQueueMadeOnAPlainThreadIsReachedFromOutsideFromTheStart() {
        Object s = new Object(); // a runtime, as the queue sees one: an identity
        WaitQueue q = new WaitQueue(); // this test runs on a plain thread
        assertTrue(q.reachedFromOutside(s), "a plain thread made it: its waiters are never reported as deadlocked");
        assertTrue(WaitQueue.reachedByAnyone().reachedFromOutside(s));
    }

    @Test
    void aReusedWaiterIsClearedBeforeItIsFilledAgain() {
        WaitQueue q = new WaitQueue();
        Waiter w = Waiter.forThread();
        w.ticket = 42;
        w.success = true;
        w.elem = "value";
        q.enqueue(w);
        assertSame(w, q.dequeue());
        w.reset();
        assertEquals(0, w.ticket);
        assertFalse(w.success);
        assertNull(w.elem);
        q.enqueue(w); // queued again, on the same queue
        assertSame(w, q.peekLive());
        assertEquals(0, q.peekLive().ticket);
    }
}
