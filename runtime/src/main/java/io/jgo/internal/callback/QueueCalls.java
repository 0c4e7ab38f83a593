package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Collection;
import java.util.Comparator;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * Suspendable stand-ins for the methods of {@code PriorityQueue} that call the comparator (or the
 * elements' {@code compareTo}): {@code offer}, {@code add}, {@code poll}, {@code remove()} and
 * {@code remove(Object)}, which rewritten code calls in place of a call on a {@code PriorityQueue}
 * (the receiver first):
 * <pre>
 *   invokevirtual PriorityQueue.offer(E)Z  -> invokestatic QueueCalls.offer(PriorityQueue, E)Z
 * </pre>
 * A {@code PriorityQueue}'s sifts move elements between compares, so a JDK call cannot be abandoned
 * half way as a {@code TreeMap} search can ({@link SortedCalls}). Instead, for a receiver that is
 * exactly a {@code PriorityQueue} whose comparator may suspend ({@link Rewritten}), this class first
 * runs the compares of the JDK's sift over the heap as it is ({@code siftUp} for an offer,
 * {@code siftDown} for a poll, {@code siftDown} then perhaps {@code siftUp} for a removal, as
 * JDK 17 and 25 write them: the compares read only slots the sift has not written yet, so the heap as
 * it was answers them), calling the user's comparator from this rewritten frame (where it may
 * suspend and unwind) and logging each answer; then it calls the JDK's method with a
 * {@link Replay} of that log in the queue's comparator field. So the user's comparator is called once
 * per compare, in the JDK's order, and the heap, {@code modCount} and results are the JDK's. A
 * comparator that throws ends the simulation, and the replay throws the same exception at the same
 * compare of the JDK's sift, which leaves the heap as the JDK leaves it then. If the queue changes while the simulation suspends
 * (another goroutine, or the comparator itself), the log no longer matches and the replay calls the
 * user's comparator itself, inside the JDK's frames (correct, but a suspension there pins).
 * {@code remove(Object)} looks the element up with {@code equals} once here and once in the JDK.
 * Any other receiver, and a closed {@code java.util} ({@link SortedFields#OPEN}), gets the JDK's
 * method at once.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class QueueCalls {

    private QueueCalls() {
    }

    @Goroutine
    public static boolean add(PriorityQueue queue, Object e) {
        return offer(queue, e);
    }

    @Goroutine
    public static boolean offer(PriorityQueue queue, Object e) {
        Replay replay = replayFor(queue, e);
        if (replay == null) {
            return queue.offer(e);
        }
        siftUp(replay, SortedFields.heapOf(queue), queue.size(), e);
        return (Boolean) replayed(queue, replay, OFFER, e);
    }

    @Goroutine
    public static Object poll(PriorityQueue queue) {
        int n = queue.size() - 1;
        Replay replay = n < 1 ? null : replayFor(queue, lastOf(queue));
        if (replay == null) {
            return queue.poll(); // empty, or one element: no compare
        }
        Object[] heap = SortedFields.heapOf(queue);
        siftDown(replay, heap, 0, heap[n], n);
        return replayed(queue, replay, POLL, null);
    }

    /**
     * {@code AbstractQueue.addAll}, which {@code PriorityQueue} inherits: a loop of {@link #add}s (so
     * each element's sift unwinds), after the JDK's checks; for any other receiver its own method.
     */
    @Goroutine
    public static boolean addAll(PriorityQueue queue, Collection from) {
        if (queue.getClass() != PriorityQueue.class || !SortedFields.OPEN) {
            return queue.addAll(from);
        }
        if (from == null) {
            throw new NullPointerException();
        }
        if (from == queue) {
            throw new IllegalArgumentException();
        }
        boolean modified = false;
        for (Object e : from) {
            if (add(queue, e)) {
                modified = true;
            }
        }
        return modified;
    }

    /** {@code AbstractQueue.remove()}: {@link #poll}, or {@code NoSuchElementException} when empty. */
    @Goroutine
    public static Object remove(PriorityQueue queue) {
        Object x = poll(queue);
        if (x != null) {
            return x;
        }
        throw new NoSuchElementException();
    }

    @Goroutine
    public static boolean remove(PriorityQueue queue, Object o) {
        int s = queue.size() - 1;
        Replay replay = o == null || s < 1 ? null : replayFor(queue, lastOf(queue));
        if (replay == null) {
            return queue.remove(o);
        }
        Object[] heap = SortedFields.heapOf(queue);
        int i = -1;
        for (int j = 0; j <= s; j++) { // PriorityQueue.indexOf
            if (o.equals(heap[j])) {
                i = j;
                break;
            }
        }
        if (i >= 0 && i < s) { // removeAt(i) moves the last element into slot i
            Object moved = heap[s];
            if (siftDown(replay, heap, i, moved, s) == i) {
                siftUp(replay, heap, i, moved);
            }
        }
        return (Boolean) replayed(queue, replay, REMOVE, o);
    }

    /** The element in the heap's last slot (the one a poll or a removal sifts); the queue is not empty. */
    private static Object lastOf(PriorityQueue queue) {
        return queue.getClass() == PriorityQueue.class && SortedFields.OPEN ? SortedFields.heapOf(queue)[queue.size() - 1] : null;
    }

    // ---------------------------------------------------------------- the JDK's sifts, compares only

    /** The compares of {@code siftUp(k, x)}, answered by the user and logged. */
    @Goroutine
    private static void siftUp(Replay replay, Object[] heap, int k, Object x) {
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            Object e = heap[parent];
            int answer;
            try {
                answer = MergeSort.compare(replay.user, x, e);
            } catch (Throwable t) {
                replay.logThrown(x, e, t); // the JDK's sift gets it at this compare, half done, as without jgo
                return;
            }
            replay.log(x, e, answer);
            if (answer >= 0) {
                break;
            }
            k = parent;
        }
    }

    /** {@link #siftDown}'s answer when the comparator threw (logged): nothing more to simulate. */
    private static final int THREW = -1;

    /** The compares of {@code siftDown(k, x)} over the first {@code n} slots, logged; returns where x lands, or {@link #THREW}. */
    @Goroutine
    private static int siftDown(Replay replay, Object[] heap, int k, Object x, int n) {
        int half = n >>> 1;
        while (k < half) {
            int child = (k << 1) + 1;
            Object c = heap[child];
            int right = child + 1;
            if (right < n) {
                Object r = heap[right];
                int answer;
                try {
                    answer = MergeSort.compare(replay.user, c, r);
                } catch (Throwable t) {
                    replay.logThrown(c, r, t);
                    return THREW;
                }
                replay.log(c, r, answer);
                if (answer > 0) {
                    c = r;
                    child = right;
                }
            }
            int answer;
            try {
                answer = MergeSort.compare(replay.user, x, c);
            } catch (Throwable t) {
                replay.logThrown(x, c, t);
                return THREW;
            }
            replay.log(x, c, answer);
            if (answer <= 0) {
                break;
            }
            k = child;
        }
        return k;
    }

    // ---------------------------------------------------------------- the replay

    private static final int OFFER = 0;
    private static final int POLL = 1;
    private static final int REMOVE = 2;

    /** The JDK's method {@code op} (of {@code e}) with the replay in the queue's comparator field; never suspends. */
    private static Object replayed(PriorityQueue queue, Replay replay, int op, Object e) {
        replay.rewind();
        SortedFields.setComparator(queue, replay);
        try {
            switch (op) {
                case OFFER: return queue.offer(e);
                case POLL: return queue.poll();
                case REMOVE: return queue.remove(e);
                default: throw new IllegalArgumentException("no priority-queue operation " + op);
            }
        } finally {
            SortedFields.setComparator(queue, replay.user);
        }
    }

    /**
     * A replay for a call on {@code queue} that compares {@code element}, or null when no compare
     * can suspend (the JDK's method is called at once): the receiver is not exactly a
     * {@code PriorityQueue}, {@code java.util} is closed, the comparator is one nobody rewrote, or
     * (the natural ordering) the element is null, not {@code Comparable} (the JDK's method throws) or
     * of a class nobody rewrote.
     */
    private static Replay replayFor(PriorityQueue queue, Object element) {
        if (element == null || queue.getClass() != PriorityQueue.class || !SortedFields.OPEN) {
            return null;
        }
        Comparator c = userComparator(queue);
        boolean mayCompareSuspend = c != null ? Rewritten.mayCompareSuspend(c.getClass())
                : element instanceof Comparable && Rewritten.mayCompareSuspend(element.getClass());
        return mayCompareSuspend ? new Replay(c, false) : null;
    }

    private static Comparator userComparator(PriorityQueue queue) {
        Comparator c = SortedFields.comparatorOf(queue);
        return c instanceof Replay ? ((Replay) c).user : c;
    }
}
