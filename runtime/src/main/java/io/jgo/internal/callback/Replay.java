package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The comparator a sorted-collection stand-in ({@link SortedCalls}, {@link QueueCalls}) puts into a
 * {@code TreeMap} or a {@code PriorityQueue} for the length of one JDK call: it answers the JDK's
 * compares from a log of answers the stand-in obtained beforehand, from the user's comparator called
 * in a rewritten frame (where it may suspend and unwind: {@link #answerPending}). So the user's
 * comparator is called once per compare, in the JDK's order, with the JDK's arguments, and the JDK's
 * own code does everything else (its tree, its heap, its {@code modCount}, its exceptions).
 *
 * <p>A compare the log cannot answer (the next entry is missing, or is for other arguments) is
 * handled two ways. In the {@linkplain #abandoning abandoning} mode, for calls that compare only
 * before they change anything (every {@code TreeMap} search: {@code put}, {@code get},
 * {@code remove}, {@code floorKey}...), it throws {@link Unanswered} out of the JDK call, which has
 * changed nothing yet; the stand-in answers that compare and calls again, replaying the log. In the
 * other mode, for a {@code PriorityQueue}, whose sifts move elements between compares (an
 * abandoned sift would lose one), the stand-in fills the whole log beforehand by running the sift's
 * compares over the heap ({@link QueueCalls}), and a compare the log cannot answer (the comparator
 * changed the queue meanwhile) calls the user's comparator right here, inside the JDK's frames,
 * where a suspension pins.
 *
 * <p>Threads: a replay belongs to the goroutine (or thread) of its stand-in; it is in the
 * collection only while that goroutine runs the JDK call, which never suspends (a compare that would
 * is abandoned or pins), so {@link #owner} is the carrier for the whole call. Another thread that
 * reads the collection at the same moment (a concurrent {@code get}, which the JDK allows on a map
 * nobody modifies) may find the replay in the field: it is told apart by {@link #owner} and gets the
 * user's comparator, called directly. The field write and the write that puts the user's comparator
 * back are plain: a racing reader sees either comparator, and both compare alike.
 */
final class Replay implements Comparator<Object> {

    /** Thrown out of a JDK call by an abandoning replay at a compare it cannot answer; no trace, one instance. */
    static final class Unanswered extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Unanswered() {
            super("a compare the replay cannot answer yet", null, false, false);
        }
    }

    static final Unanswered UNANSWERED = new Unanswered();

    /** The user's comparator; null for the natural ordering ({@code Comparable.compareTo} of the left argument). */
    final Comparator<Object> user;
    private final boolean abandoning;
    /**
     * The thread running the JDK call the replay is installed for; set by {@link #rewind}. Volatile,
     * and {@link #rewind} fences it before the stand-in installs the replay: the goroutine may run
     * each JDK call on another carrier, and a reader on the carrier it left, finding this replay in
     * the field, must not see the owner of an earlier call (its own thread) and answer from the log.
     */
    private volatile Thread owner;
    private Object[] lefts = new Object[8];
    private Object[] rights = new Object[8];
    private int[] answers = new int[8];
    /** Per entry: what the user's comparator threw instead of answering (thrown again at that compare), or null. */
    private Throwable[] thrown = new Throwable[8];
    /** Entries in the log. */
    private int size;
    /** The next entry the JDK's next compare should match. */
    private int next;
    private Object pendingLeft;
    private Object pendingRight;

    Replay(Comparator<Object> user, boolean abandoning) {
        this.user = user;
        this.abandoning = abandoning;
    }

    /** Before each JDK call: the JDK's first compare is matched with the log's first entry; the current thread owns the replay. */
    void rewind() {
        next = 0;
        owner = Thread.currentThread();
        VarHandle.releaseFence(); // the owner before the field store that installs this replay (see owner)
    }

    @Override
    public int compare(Object a, Object b) {
        if (Thread.currentThread() != owner) {
            return direct(a, b); // a concurrent reader of the collection: see the class comment
        }
        if (next < size) {
            if (lefts[next] == a && rights[next] == b) {
                Throwable t = thrown[next];
                if (t != null) {
                    next++;
                    throw Replay.<RuntimeException>sneaky(t); // where the JDK called the comparator that threw it
                }
                return answers[next++];
            }
            truncate(next); // the JDK asks something else: the rest of the log no longer applies
        }
        if (abandoning) {
            pendingLeft = a;
            pendingRight = b;
            throw UNANSWERED;
        }
        return direct(a, b);
    }

    /** The user's comparator on {@code a}, {@code b}, called from this (plain) frame. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private int direct(Object a, Object b) {
        return user == null ? ((Comparable) a).compareTo(b) : user.compare(a, b);
    }

    /** After {@link Unanswered}: calls the user's comparator on the compare the JDK asked for (it may suspend) and logs the answer. */
    @Goroutine
    void answerPending() {
        Object a = pendingLeft;
        Object b = pendingRight;
        pendingLeft = null;
        pendingRight = null;
        log(a, b, MergeSort.compare(user, a, b));
    }

    /** Logs the user's answer for {@code compare(a, b)}, as the next entry. */
    void log(Object a, Object b, int answer) {
        log(a, b, answer, null);
    }

    /** Logs that the user's comparator threw {@code t} for {@code compare(a, b)}: the JDK's call will get it there. */
    void logThrown(Object a, Object b, Throwable t) {
        log(a, b, 0, t);
    }

    private void log(Object a, Object b, int answer, Throwable t) {
        if (size == lefts.length) {
            lefts = Arrays.copyOf(lefts, size * 2);
            rights = Arrays.copyOf(rights, size * 2);
            answers = Arrays.copyOf(answers, size * 2);
            thrown = Arrays.copyOf(thrown, size * 2);
        }
        lefts[size] = a;
        rights[size] = b;
        answers[size] = answer;
        thrown[size] = t;
        size++;
    }

    private void truncate(int n) {
        Arrays.fill(lefts, n, size, null);
        Arrays.fill(rights, n, size, null);
        Arrays.fill(thrown, n, size, null);
        size = n;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** Forgets the log (the stand-in reuses the replay for another JDK call, as {@code putAll}'s puts). */
    void clear() {
        truncate(0);
        next = 0;
    }

    @Override
    public String toString() {
        return "a replay of " + user;
    }
}
