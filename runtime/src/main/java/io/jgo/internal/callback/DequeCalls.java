package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ArrayDeque;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Suspendable {@code forEach} and {@code removeIf} of exactly {@code ArrayDeque} and
 * {@code PriorityQueue} (not their subclasses, whose overrides {@link IterableCalls} leaves to them),
 * reached from {@link IterableCalls} when {@link DequeFields#OPEN}.
 *
 * <p>{@code forEach} is the JDK's own loop over the private array: an {@code ArrayDeque} from head to
 * tail over the array it had when called, {@code ConcurrentModificationException} after the loop
 * when the tail moved; a {@code PriorityQueue} in array order over its first {@code size()} slots,
 * the exception after the loop when its modification count changed.
 *
 * <p>{@code removeIf}: the JDK tests every element, in iteration order, before it removes any (it
 * marks, then compacts). Here the user's filter is called for each element from this rewritten frame
 * (it may suspend), then the JDK's own {@code removeIf} runs with {@link Answers}, which gives it
 * those results in the same order; that call never suspends, so the collection cannot change between
 * the two passes. A filter that throws leaves the collection unchanged, as the JDK's does. A filter
 * that modified the collection gets {@code ConcurrentModificationException} before anything is
 * removed: as the JDK's {@code PriorityQueue} does; the JDK's {@code ArrayDeque} reports only a moved
 * tail, after compacting (a removal at the head it may not report, leaving a corrupt deque), and
 * here any change of its array, head or tail is reported, with the deque as the filter left it.
 */
public final class DequeCalls {

    private DequeCalls() {
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void forEach(ArrayDeque deque, Consumer action) {
        Objects.requireNonNull(action);
        Object[] es = DequeFields.elements(deque);
        int end = DequeFields.tail(deque);
        // ArrayDeque.forEach: the array read once, the tail read once before and once after
        for (int i = DequeFields.head(deque), to = i <= end ? end : es.length; ; i = 0, to = end) {
            for (; i < to; i++) {
                action.accept(es[i]);
            }
            if (to == end) {
                if (end != DequeFields.tail(deque)) {
                    throw new ConcurrentModificationException();
                }
                break;
            }
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void forEach(PriorityQueue queue, Consumer action) {
        Objects.requireNonNull(action);
        int expectedModCount = DequeFields.modCount(queue);
        Object[] es = DequeFields.heap(queue);
        for (int i = 0, n = queue.size(); i < n; i++) {
            action.accept(es[i]);
        }
        if (expectedModCount != DequeFields.modCount(queue)) {
            throw new ConcurrentModificationException();
        }
    }

    /**
     * {@code forEachRemaining} of an {@code ArrayDeque}'s iterator ({@link IteratorFields#DEQUE_ITERATOR},
     * or, {@code descending}, {@link IteratorFields#DEQUE_DESCENDING}): the JDK's own loop. The
     * iterator is exhausted first ({@code remaining} 0), the deque's array read once, a deque that
     * changed since the iterator's last step is reported before the first action, one whose end moved
     * after the last; {@code lastRet} is left on the last element, so {@code remove()} works after it.
     */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void forEachRemaining(Iterator it, boolean descending, Consumer action) {
        Objects.requireNonNull(action);
        int r = IteratorFields.remaining(it);
        if (r <= 0) {
            return;
        }
        IteratorFields.setRemaining(it, 0);
        ArrayDeque deque = IteratorFields.deque(it);
        Object[] es = DequeFields.elements(deque);
        int cursor = IteratorFields.cursor(it);
        if (descending) {
            int end = DequeFields.head(deque);
            if (es[cursor] == null || sub(cursor, end, es.length) + 1 != r) {
                throw new ConcurrentModificationException();
            }
            for (int i = cursor, to = i >= end ? end : 0; ; i = es.length - 1, to = end) {
                for (; i > to - 1; i--) {
                    action.accept(es[i]);
                }
                if (to == end) {
                    if (end != DequeFields.head(deque)) {
                        throw new ConcurrentModificationException();
                    }
                    IteratorFields.setLastRet(it, end);
                    return;
                }
            }
        }
        int end = DequeFields.tail(deque);
        if (es[cursor] == null || sub(end, cursor, es.length) != r) {
            throw new ConcurrentModificationException();
        }
        for (int i = cursor, to = i <= end ? end : es.length; ; i = 0, to = end) {
            for (; i < to; i++) {
                action.accept(es[i]);
            }
            if (to == end) {
                if (end != DequeFields.tail(deque)) {
                    throw new ConcurrentModificationException();
                }
                IteratorFields.setLastRet(it, end - 1 < 0 ? es.length - 1 : end - 1);
                return;
            }
        }
    }

    /** {@code ArrayDeque.sub}: the distance from {@code j} to {@code i} around a circular array of {@code modulus} slots. */
    private static int sub(int i, int j, int modulus) {
        int d = i - j;
        return d < 0 ? d + modulus : d;
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    static boolean removeIf(ArrayDeque deque, Predicate filter) {
        Objects.requireNonNull(filter);
        Object[] es = DequeFields.elements(deque);
        int head = DequeFields.head(deque);
        int end = DequeFields.tail(deque);
        boolean[] answers = new boolean[deque.size()];
        int n = 0;
        for (int i = head, to = i <= end ? end : es.length; ; i = 0, to = end) {
            for (; i < to; i++) {
                answers[n++] = filter.test(es[i]);
            }
            if (to == end) {
                break;
            }
        }
        if (es != DequeFields.elements(deque) || head != DequeFields.head(deque) || end != DequeFields.tail(deque)) {
            throw new ConcurrentModificationException();
        }
        return deque.removeIf(new Answers(answers));
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    static boolean removeIf(PriorityQueue queue, Predicate filter) {
        Objects.requireNonNull(filter);
        // the JDK's ++modCount before the filter runs (its replayed call below bumps it again: only equality is ever checked)
        int expectedModCount = DequeFields.bumpModCount(queue);
        Object[] es = DequeFields.heap(queue);
        int end = queue.size();
        boolean[] answers = new boolean[end];
        for (int i = 0; i < end; i++) {
            answers[i] = filter.test(es[i]);
        }
        if (expectedModCount != DequeFields.modCount(queue)) {
            throw new ConcurrentModificationException();
        }
        return queue.removeIf(new Answers(answers));
    }

    /**
     * The filter answers, in the order the JDK's {@code removeIf} asks for them (once per element,
     * iteration order, on a collection the filter's pass left unchanged). One call's, one thread's.
     */
    @SuppressWarnings("rawtypes")
    private static final class Answers implements Predicate {
        private final boolean[] answers;
        private int next;

        Answers(boolean[] answers) {
            this.answers = answers;
        }

        @Override
        public boolean test(Object ignored) {
            if (next >= answers.length) {
                throw new IllegalStateException("removeIf asked for more than the " + answers.length
                        + " answers the filter gave: the collection changed between the passes");
            }
            return answers[next++];
        }
    }
}
