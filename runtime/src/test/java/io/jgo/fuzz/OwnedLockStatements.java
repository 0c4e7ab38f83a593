package io.jgo.fuzz;

/**
 * {@link Feature#OWNED_LOCKS}: statements that hold a {@code java.util.concurrent} lock across the
 * suspensions of their body, and the program-wide locks they use. {@code OL}, made in the rewritten
 * program, is owned by the goroutine that takes it (a copy stepped as a coroutine takes it as its
 * thread's, and pins); a goroutine holding {@code RW}'s locks must not leave its carrier (the carrier
 * thread owns them), so those pin; what the trace records shows
 * whether the lock still excluded the other copies of the program and is still held by this thread
 * when the body is over:
 * <pre>
 * olTake(OL, how);                  // or OL.lock(): lock, lockInterruptibly, tryLock-then-lock, timed tryLock
 * Object ol7 = olInside;
 * try {
 *     olInside = t;                 // this copy is inside
 *     RW.writeLock().lock(); try { [RW.readLock().lock(); try {] body [} finally { RW.readLock().unlock(); }] }
 *     finally { RW.writeLock().unlock(); }        // or just: body
 *     t.v("ol7", olInside == t &amp;&amp; OL.isHeldByCurrentThread());
 * } finally {
 *     olInside = ol7;
 *     OL.unlock();
 * }
 * </pre>
 * Never a deadlock, whatever the nesting through calls: {@code OL} is the only lock a copy ever
 * waits for, since the write lock is taken only while {@code OL} is held (so its holder holds
 * {@code OL} too, and only one copy can), and the read lock only inside the write lock. Every
 * acquisition succeeds ({@code tryLock} falls back to {@code lock}), so the trace does not depend
 * on contention. {@code olTake} is a {@code @Goroutine} method without a suspension point: the
 * lock is taken in one rewritten method and released in another.
 */
final class OwnedLockStatements {

    private OwnedLockStatements() {
    }

    /** The locks and the witness, as static members of the program class (shared by its copies). */
    static void declare(Code out, GenContext g) {
        if (!g.on(Feature.OWNED_LOCKS)) {
            return;
        }
        boolean fair = g.choices.chance(30);
        out.line("static final java.util.concurrent.locks.ReentrantLock OL = new java.util.concurrent.locks.ReentrantLock("
                + fair + ");");
        out.line("static final java.util.concurrent.locks.ReentrantReadWriteLock RW = "
                + "new java.util.concurrent.locks.ReentrantReadWriteLock(" + fair + ");");
        out.line("static Object olInside;");
        out.line("");
        out.line("@Goroutine");
        out.open("static void olTake(java.util.concurrent.locks.Lock l, int how)");
        out.open("try");
        out.open("switch (how)");
        out.line("case 1 -> l.lockInterruptibly();");
        out.line("case 2 -> { if (!l.tryLock()) { l.lock(); } }");
        out.line("case 3 -> { if (!l.tryLock(1, java.util.concurrent.TimeUnit.DAYS)) { throw new IllegalStateException(\"a day\"); } }");
        out.line("default -> l.lock();");
        out.close();
        out.reopen(" catch (InterruptedException e) {");
        out.line("throw new IllegalStateException(e);");
        out.close();
        out.close();
        out.line("");
    }

    /** One locked statement around a block of {@code s}'s statements (a trace when the feature is off). */
    static void statement(GenContext g, Statements s, Code out, Statements.Where w) {
        if (!g.on(Feature.OWNED_LOCKS)) {
            s.trace();
            return;
        }
        Choices c = g.choices;
        String k = g.fresh("ol");
        int how = c.below(4);
        out.line(how == 0 ? "OL.lock();" : "olTake(OL, " + how + ");");
        out.line("Object " + k + " = olInside;");
        out.open("try");
        out.line("olInside = t;");
        if (c.chance(40)) {
            out.line("RW.writeLock().lock();");
            out.open("try");
            if (c.chance(50)) {
                out.line("RW.readLock().lock();");
                out.open("try");
                s.block(3, w);
                out.line("t.v(\"" + k + "r\", RW.getReadHoldCount() > 0);");
                out.reopen(" finally {");
                out.line("RW.readLock().unlock();");
                out.close();
            } else {
                s.block(3, w);
            }
            out.line("t.v(\"" + k + "w\", RW.isWriteLockedByCurrentThread());");
            out.reopen(" finally {");
            out.line("RW.writeLock().unlock();");
            out.close();
        } else {
            s.block(3, w);
        }
        out.line("t.v(\"" + k + "\", olInside == t && OL.isHeldByCurrentThread());");
        out.reopen(" finally {");
        out.line("olInside = " + k + ";");
        out.line("OL.unlock();");
        out.close();
    }
}
