package io.jgo;

/**
 * The goroutine that ties a cancellable context to a parent jgo did not write (Go's
 * {@code propagateCancel} goroutine): waits until the parent's channel or the child's is closed,
 * and cancels the child in the first case.
 *
 * <p>Ordinary {@code @Goroutine} code, rewritten by the build like {@code ErrGroup}'s runner.
 */
final class ParentWatch implements Runnable {

    private final Context parent;
    private final CancelCtx child;
    private final Select.Case[] cases;

    ParentWatch(Context parent, CancelCtx child) {
        this.parent = parent;
        this.child = child;
        this.cases = new Select.Case[] {Select.recv(parent.done(), null), Select.recv(child.done(), null)};
    }

    @Override
    @Goroutine
    public void run() {
        if (Select.select(cases) == 0) {
            child.cancel(false, parent.err());
        }
    }
}
