package io.jgo.internal.chan;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;

/**
 * The leaf of {@code io.jgo.Select.select}: waits until one of the cases can proceed (or picks the
 * otherwise case) and performs its channel operation. {@code Select.select} around it, case bodies
 * included, is ordinary rewritten code; this is the leaf every select ends in.
 */
public final class SelectLeaf {

    private static final int SELECT_ID = MethodIds.of("io.jgo.internal.chan.SelectLeaf", "select",
            "([Ljava/lang/Object;Lio/jgo/internal/chan/SelectLeaf$Cases;)Lio/jgo/internal/chan/SelectOp;");

    /** How the API's cases describe themselves: fills {@code op} case by case ({@link SelectOp#set}). */
    public interface Cases {
        /**
         * Fills {@code op} with the channel operations of {@code cases} (a null channel left unset:
         * never ready); returns the index of the otherwise case, or -1.
         *
         * @throws IllegalArgumentException for more than one otherwise case
         */
        int fill(SelectOp op, Object[] cases);
    }

    private SelectLeaf() {
    }

    /**
     * Performs one case of {@code cases}, waiting (a goroutine parks, a plain thread blocks) while
     * none is ready and there is no otherwise case. Returns the stack's select record, whose
     * {@link SelectOp#fired} names the case and which holds what was received; the caller reads it
     * and gives it back ({@link SelectOp#release}) before running the case's body (a body may
     * select again). A record that does not park allocates nothing: it is the stack's own.
     *
     * <p>A {@link Leaf}: parks like a channel operation, through {@link LeafPark}. A resumed call gets no arguments back and needs none: the record it
     * parked with holds the outcome.
     */
    @Goroutine
    @Leaf
    public static SelectOp select(Object[] cases, Cases describe) {
        Object op = SELECT.$jgo$park(Stack.current(), cases, describe, null, 0);
        return op == LeafPark.UNWOUND ? null : (SelectOp) op; // null while unwinding: the resumed call returns the outcome
    }

    /** {@link #select}'s steps: fill the stack's select record, run it, park if no case is ready. */
    private static final LeafPark<Stack, RuntimeException> SELECT = new LeafPark<>(SELECT_ID, Stack.YIELD_PARK) {
        @Override
        protected Object start(Stack s, Object a, Object b, Object c, long n) {
            Object[] cases = (Object[]) a;
            SelectOp op = SelectOp.acquire(s, cases.length, s.isGoroutine());
            op.cases = cases;
            int otherwise;
            try {
                otherwise = ((Cases) b).fill(op, cases);
            } catch (RuntimeException e) {
                op.release(s);
                throw e;
            }
            int i = op.run(s, otherwise >= 0);
            if (i == SelectOp.MUST_PARK) {
                return PARK;
            }
            op.fired = i == SelectOp.DEFAULT ? otherwise : i;
            return op;
        }

        @Override
        protected Object resume(Stack s, Object a, Object b, Object c, long n) {
            return SelectOp.resumed(s);
        }
    };
}
