package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.RandomAccess;

/**
 * Suspendable {@code Collections.min}/{@code max}/{@code binarySearch} with a comparator and
 * {@code Arrays.sort(T[], Comparator)}: rewritten code calls them in place of the JDK's (same name
 * and descriptor) when the comparator it passes may suspend. Each is the JDK's algorithm step by
 * step (JDK 17 and 25 alike): the same iterator or {@code get} calls, the same compares with the
 * same arguments in the same order, the same results and exceptions; a null comparator is the
 * natural ordering, as there. {@code Arrays.sort} is {@link MergeSort}, stable like the JDK's
 * {@code TimSort}, so its result is the JDK's for a consistent comparator (the compares differ).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SearchCalls {

    /** {@code Collections.BINARYSEARCH_THRESHOLD}: a list not {@code RandomAccess} this long or longer is searched through a list iterator. */
    private static final int BINARYSEARCH_THRESHOLD = 5000;

    private SearchCalls() {
    }

    @Goroutine
    public static Object min(Collection coll, Comparator comp) {
        Iterator i = coll.iterator();
        Object candidate = i.next();
        while (i.hasNext()) {
            Object next = i.next();
            if (MergeSort.compare(comp, next, candidate) < 0) {
                candidate = next;
            }
        }
        return candidate;
    }

    @Goroutine
    public static Object max(Collection coll, Comparator comp) {
        Iterator i = coll.iterator();
        Object candidate = i.next();
        while (i.hasNext()) {
            Object next = i.next();
            if (MergeSort.compare(comp, next, candidate) > 0) {
                candidate = next;
            }
        }
        return candidate;
    }

    @Goroutine
    public static int binarySearch(List list, Object key, Comparator c) {
        boolean indexed = list instanceof RandomAccess || list.size() < BINARYSEARCH_THRESHOLD;
        ListIterator i = indexed ? null : list.listIterator();
        int low = 0;
        int high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Object midVal = indexed ? list.get(mid) : get(i, mid);
            int cmp = MergeSort.compare(c, midVal, key);
            if (cmp < 0) {
                low = mid + 1;
            } else if (cmp > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** {@code Collections.get(ListIterator, int)}: moves {@code i} to {@code index}, returning that element. */
    private static Object get(ListIterator i, int index) {
        Object obj;
        int pos = i.nextIndex();
        if (pos <= index) {
            do {
                obj = i.next();
            } while (pos++ < index);
        } else {
            do {
                obj = i.previous();
            } while (--pos > index);
        }
        return obj;
    }

    /** {@code Arrays.sort(T[], Comparator)}: a stable sort, as the JDK's. */
    @Goroutine
    public static void sort(Object[] a, Comparator c) {
        MergeSort.sort(a, c);
    }
}
