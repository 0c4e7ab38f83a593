package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Suspendable {@code Iterable.forEach}, {@code Collection.removeIf}, {@code List.replaceAll} and
 * {@code List.sort} (also {@code Collections.sort(list, c)}, which is {@code list.sort(c)}).
 * The loop is taken for a receiver that inherits the interface's default (the default's own code,
 * step by step), for {@code ArrayList} (whose overrides check the modification count after the
 * callbacks: the same check is made through {@link Probe}) and for the immutable lists of
 * {@code List.of}, and for exactly {@code ArrayDeque} and {@code PriorityQueue} ({@link DequeCalls}:
 * {@code forEach} and {@code removeIf}); any other receiver's own method is called.
 *
 * <p>One difference is left: when a callback structurally modifies an {@code ArrayList} (a bug the
 * JDK reports, best effort, with {@code ConcurrentModificationException}), the exception comes at
 * the next element rather than after the rest; {@code ArrayList.sort} and {@code removeIf} sort or
 * test a copy first, so a comparator or filter that throws leaves the list untouched.
 */
public final class IterableCalls {

    private static final Inherits FOR_EACH = new Inherits(Iterable.class, "forEach", Consumer.class);
    private static final Inherits REMOVE_IF = new Inherits(Collection.class, "removeIf", Predicate.class);
    private static final Inherits REPLACE_ALL = new Inherits(List.class, "replaceAll", UnaryOperator.class);
    private static final Inherits SORT = new Inherits(List.class, "sort", Comparator.class);
    private static final Class<?> LIST12 = List.of(1).getClass();
    private static final Class<?> LISTN = List.of(1, 2, 3).getClass();

    private IterableCalls() {
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void forEach(Iterable it, Consumer action) {
        Class<?> type = it.getClass();
        if (type == ArrayList.class) {
            Objects.requireNonNull(action);
            ListIterator li = ((ArrayList) it).listIterator();
            while (li.hasNext()) {
                action.accept(li.next());
            }
            Probe.checkAtEnd(li);
        } else if (type == LIST12 || type == LISTN) {
            Objects.requireNonNull(action);
            List list = (List) it;
            for (int i = 0, n = list.size(); i < n; i++) {
                action.accept(list.get(i));
            }
        } else if (type == ArrayDeque.class && DequeFields.OPEN) {
            DequeCalls.forEach((ArrayDeque) it, action);
        } else if (type == PriorityQueue.class && DequeFields.OPEN) {
            DequeCalls.forEach((PriorityQueue) it, action);
        } else if (FOR_EACH.by(type)) {
            Objects.requireNonNull(action);
            for (Object t : it) {
                action.accept(t);
            }
        } else if (Wrapped.forEachDelegate(it) != null) {
            forEach(Wrapped.forEachDelegate(it), action); // Collections.unmodifiable*/checked*: the inner one's forEach
        } else {
            it.forEach(action);
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static boolean removeIf(Collection c, Predicate filter) {
        Class<?> type = c.getClass();
        if (type == ArrayList.class) {
            Objects.requireNonNull(filter);
            ListIterator li = ((ArrayList) c).listIterator();
            boolean[] dead = new boolean[c.size()];
            boolean any = false;
            for (int i = 0; li.hasNext(); i++) {
                if (filter.test(li.next())) {
                    dead[i] = true;
                    any = true;
                }
            }
            Probe.checkAtEnd(li);
            if (any) {
                Iterator each = c.iterator();
                for (int i = 0; each.hasNext(); i++) {
                    each.next();
                    if (dead[i]) {
                        each.remove();
                    }
                }
            }
            return any;
        } else if (type == ArrayDeque.class && DequeFields.OPEN) {
            return DequeCalls.removeIf((ArrayDeque) c, filter);
        } else if (type == PriorityQueue.class && DequeFields.OPEN) {
            return DequeCalls.removeIf((PriorityQueue) c, filter);
        } else if (REMOVE_IF.by(type)) {
            Objects.requireNonNull(filter);
            boolean removed = false;
            Iterator each = c.iterator();
            while (each.hasNext()) {
                if (filter.test(each.next())) {
                    each.remove();
                    removed = true;
                }
            }
            return removed;
        } else if (Wrapped.removeIfDelegate(c) != null) {
            return removeIf(Wrapped.removeIfDelegate(c), filter); // Collections.checked*: the inner one's removeIf
        } else {
            return c.removeIf(filter);
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void replaceAll(List list, UnaryOperator operator) {
        Class<?> type = list.getClass();
        if (type == ArrayList.class || REPLACE_ALL.by(type)) {
            Objects.requireNonNull(operator);
            ListIterator li = list.listIterator();
            while (li.hasNext()) {
                li.set(operator.apply(li.next()));
            }
            if (type == ArrayList.class) {
                Probe.checkAtEnd(li);
                Probe.bump((ArrayList) list);
            }
        } else if (Wrapped.checkedListDelegate(list) != null) {
            // Collections.checkedList: the inner list's replaceAll, each result type-checked
            Objects.requireNonNull(operator);
            replaceAll(Wrapped.checkedListDelegate(list), e -> Wrapped.typeCheck(list, operator.apply(e)));
        } else {
            list.replaceAll(operator);
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void sort(List list, Comparator c) {
        Class<?> type = list.getClass();
        boolean arrayList = type == ArrayList.class;
        if (arrayList || SORT.by(type)) {
            ListIterator probe = arrayList ? list.listIterator() : null;
            Object[] a = list.toArray();
            MergeSort.sort(a, c);
            if (arrayList) {
                Probe.check(probe);
            }
            ListIterator i = list.listIterator();
            for (Object e : a) {
                i.next();
                i.set(e);
            }
            if (arrayList) {
                Probe.bump((ArrayList) list);
            }
        } else if (Wrapped.checkedListDelegate(list) != null) {
            sort(Wrapped.checkedListDelegate(list), c); // Collections.checkedList: the inner list's sort
        } else {
            list.sort(c);
        }
    }

    /**
     * {@code Iterator.forEachRemaining}: the interface's default, for an iterator that inherits it
     * ({@code HashMap}'s, {@code TreeMap}'s...) and for the {@code ArrayList} and {@code LinkedList}
     * iterators, whose overrides stop after an action that structurally modified the list and throw
     * {@code ConcurrentModificationException}, as their {@code next()} does here (an {@code ArrayList}
     * that shrank to the cursor ends without it here); a {@code TreeMap} view's key iterator's
     * override, which is {@code next()} in a loop; {@code ArrayDeque}'s iterators
     * ({@link DequeCalls#forEachRemaining}: their own loop over the array); and the
     * {@code Collections.unmodifiable*}/{@code checked*} wrappers' iterators, which hand the action to
     * the iterator they wrap (an entry set's wrapping each entry as the JDK's does). Any other
     * iterator runs its own method.
     */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void forEachRemaining(Iterator it, Consumer action) {
        Class<?> type = it.getClass();
        if (FOR_EACH_REMAINING.by(type) || LIST_ITERATORS.contains(type.getName()) || LOOP_ALIKE.contains(type)) {
            Objects.requireNonNull(action);
            while (it.hasNext()) {
                action.accept(it.next());
            }
        } else if (SUB_MAP_KEY_ITERATORS.contains(type.getName())) {
            while (it.hasNext()) { // their override: no null check of the action before the first element
                action.accept(it.next());
            }
        } else if ((type == IteratorFields.DEQUE_ITERATOR || type == IteratorFields.DEQUE_DESCENDING)
                && IteratorFields.DEQUE_OPEN && DequeFields.OPEN) {
            DequeCalls.forEachRemaining(it, type == IteratorFields.DEQUE_DESCENDING, action);
        } else if (IteratorFields.plainInner(it) != null) {
            forEachRemaining(IteratorFields.plainInner(it), action); // Collections.unmodifiable*/checked*: the inner one's
        } else if ((type == IteratorFields.UNMODIFIABLE_ENTRIES || type == IteratorFields.CHECKED_ENTRIES)
                && IteratorFields.WRAPPERS_OPEN) {
            Objects.requireNonNull(action);
            Iterator inner = IteratorFields.entriesInner(it);
            if (type == IteratorFields.UNMODIFIABLE_ENTRIES) {
                forEachRemaining(inner, e -> action.accept(IteratorFields.unmodifiableEntry(e)));
            } else {
                forEachRemaining(inner, e -> action.accept(IteratorFields.checkedEntry(it, e)));
            }
        } else {
            it.forEachRemaining(action);
        }
    }

    private static final Inherits FOR_EACH_REMAINING = new Inherits(Iterator.class, "forEachRemaining", Consumer.class);

    /** The JDK's list iterators whose {@code forEachRemaining} is {@code next()} in a loop but for when the CME comes. */
    private static final java.util.Set<String> LIST_ITERATORS = java.util.Set.of(
            "java.util.ArrayList$Itr", "java.util.ArrayList$ListItr", "java.util.LinkedList$ListItr");

    /**
     * {@code Collections.emptyIterator()}'s, {@code emptyListIterator()}'s and a singleton collection's iterator: their overrides
     * check the action for null, then do what {@code next()} in a loop does.
     */
    private static final java.util.Set<Class<?>> LOOP_ALIKE = java.util.Set.of(java.util.Collections.emptyIterator().getClass(),
            java.util.Collections.emptyListIterator().getClass(), java.util.Collections.singleton(1).iterator().getClass());

    /**
     * Whether {@link #forEachRemaining} runs {@code it}'s loop itself (from this rewritten frame: a
     * suspending action unwinds) rather than calling its own method; {@code JdkEquivalenceTest} holds
     * every JDK iterator of the collections the rewrite lists to it, or to its reason.
     */
    @SuppressWarnings("rawtypes")
    static boolean runsItself(Iterator it) {
        Class<?> type = it.getClass();
        if (FOR_EACH_REMAINING.by(type) || LIST_ITERATORS.contains(type.getName()) || LOOP_ALIKE.contains(type)
                || SUB_MAP_KEY_ITERATORS.contains(type.getName())) {
            return true;
        }
        if (type == IteratorFields.DEQUE_ITERATOR || type == IteratorFields.DEQUE_DESCENDING) {
            return IteratorFields.DEQUE_OPEN && DequeFields.OPEN;
        }
        if (IteratorFields.plainInner(it) != null) {
            return runsItself(IteratorFields.plainInner(it));
        }
        return (type == IteratorFields.UNMODIFIABLE_ENTRIES || type == IteratorFields.CHECKED_ENTRIES)
                && IteratorFields.WRAPPERS_OPEN && runsItself(IteratorFields.entriesInner(it));
    }

    /** A {@code TreeMap} view's key iterators (also {@code TreeSet.descendingIterator}): {@code while (hasNext()) accept(next())}. */
    private static final java.util.Set<String> SUB_MAP_KEY_ITERATORS = java.util.Set.of(
            "java.util.TreeMap$NavigableSubMap$SubMapKeyIterator",
            "java.util.TreeMap$NavigableSubMap$DescendingSubMapKeyIterator");
}
