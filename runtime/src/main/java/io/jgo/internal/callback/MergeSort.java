package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Comparator;

/**
 * A stable sort whose comparator may suspend, for the sorting helpers. A stable sort has one
 * result for a consistent comparator, so it orders exactly as the JDK's {@code TimSort} does; the
 * calls it makes to the comparator differ (an inconsistent comparator is not reported with the
 * JDK's "Comparison method violates its general contract!"). A null comparator is the natural
 * ordering, as in {@code Arrays.sort}.
 */
final class MergeSort {

    /** Runs this short or shorter are sorted by insertion. */
    private static final int RUN = 16;

    private MergeSort() {
    }

    @Goroutine
    static void sort(Object[] a, Comparator<Object> c) {
        int n = a.length;
        if (n < 2) {
            return;
        }
        for (int lo = 0; lo < n; lo += RUN) {
            insertion(a, lo, Math.min(lo + RUN, n), c);
        }
        Object[] from = a;
        Object[] to = new Object[n];
        for (int width = RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                merge(from, to, lo, mid, hi, c);
            }
            Object[] t = from;
            from = to;
            to = t;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, n);
        }
    }

    @Goroutine
    private static void insertion(Object[] a, int lo, int hi, Comparator<Object> c) {
        for (int i = lo + 1; i < hi; i++) {
            Object x = a[i];
            int j = i - 1;
            while (j >= lo && compare(c, a[j], x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    @Goroutine
    private static void merge(Object[] from, Object[] to, int lo, int mid, int hi, Comparator<Object> c) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            // take from the right only when strictly smaller: equal elements keep their order
            if (i < mid && (j >= hi || compare(c, from[j], from[i]) >= 0)) {
                to[k] = from[i++];
            } else {
                to[k] = from[j++];
            }
        }
    }

    @Goroutine
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Comparator<Object> c, Object x, Object y) {
        return c == null ? ((Comparable) x).compareTo(y) : c.compare(x, y);
    }
}
