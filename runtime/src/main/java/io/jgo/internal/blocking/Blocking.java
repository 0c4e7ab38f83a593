package io.jgo.internal.blocking;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.cont.MethodIds;
import io.jgo.Goroutine;
import io.jgo.internal.park.Sleep;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.Syscalls;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.CharArrayReader;
import java.io.CharArrayWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Set;

/**
 * What rewritten code calls around a blocking JDK call it did not write a {@code Go.syscall} for
 * (the instrumenter's {@code BlockingCalls} table decides which calls): {@link #enter} before the
 * call, {@link #exit} after it (also when it throws), so the carrier hands its P on while it
 * blocks, as {@code Go.syscall} does. {@code Thread.sleep} is not wrapped but replaced by
 * {@link #sleep}, which parks the goroutine instead of blocking its carrier.
 *
 * <p>Rules: {@link #ALWAYS} wraps every call of the entry; {@link #BY_CLASS} looks at the
 * receiver's run-time class, because the static type is too broad: reading a
 * {@code ByteArrayInputStream} never blocks, reading a {@code FileInputStream} or a socket's stream
 * may. The answer is cached per class ({@link ClassValue}); a class not known to be in memory is
 * taken as blocking, which costs a syscall's fast path at worst.
 *
 * <p>This class lies next to {@link Stack}, in the package the runtime's module exports, because
 * rewritten code in any module calls it; the scheduler's side of the syscall is
 * {@link io.jgo.internal.sched.Syscalls}, in a package the module does not export.
 */
public final class Blocking {

    /** Rule: every call of the entry may block. */
    public static final int ALWAYS = 0;
    /** Rule: the receiver's class decides (see the class comment). */
    public static final int BY_CLASS = 1;

    private static final int SLEEP_ID = MethodIds.of("io.jgo.internal.blocking.Blocking", "sleep", "(J)V");

    /** Streams, readers and writers that only touch memory. */
    private static final Set<Class<?>> IN_MEMORY = Set.of(ByteArrayInputStream.class, ByteArrayOutputStream.class,
            StringReader.class, StringWriter.class, CharArrayReader.class, CharArrayWriter.class);

    private static final ClassValue<Boolean> BLOCKS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return !IN_MEMORY.contains(type);
        }
    };

    private Blocking() {
    }

    /**
     * Before a blocking call: enters a syscall when the caller is a running goroutine and the call
     * may block; returns whether it did, for {@link #exit}. Any thread (a plain thread: false). The
     * rule also says when the P goes: an {@link #ALWAYS} call is known to block, so at once
     * ({@code HAND_OFF_AT_ONCE}); a {@link #BY_CLASS} call often returns at once (a stream's read of
     * buffered bytes), so only if it lasts ({@code RETAKE_IF_IT_LASTS}).
     */
    public static boolean enter(Object receiver, int rule) {
        if (rule == BY_CLASS && receiver != null && !BLOCKS.get(receiver.getClass())) {
            return false;
        }
        return Syscalls.enter(rule == ALWAYS ? Syscalls.Policy.HAND_OFF_AT_ONCE : Syscalls.Policy.RETAKE_IF_IT_LASTS);
    }

    /** After the call (normally or not): leaves the syscall {@link #enter} entered. */
    public static void exit(boolean entered) {
        if (entered) {
            Syscalls.exit();
        }
    }

    /**
     * {@code Thread.sleep(millis)} from rewritten code: parks the goroutine, not the carrier, as
     * {@code Go.sleep} does, and keeps {@code Thread.sleep}'s contract: a negative argument throws
     * {@code IllegalArgumentException}; an interrupt pending when the sleep starts, or arriving
     * during it ({@code Future.cancel(true)}, {@code shutdownNow()}), ends it at once with
     * {@code InterruptedException} and clears the goroutine's interrupt status. On a plain thread
     * it is {@code Thread.sleep}; so it is inside a syscall (the body of {@code Go.syscall}), where
     * the carrier is the one meant to block and the goroutine must not park.
     */
    @Goroutine
    @Leaf
    public static void sleep(long millis) throws InterruptedException {
        SLEEP.$jgo$park(Stack.current(), null, null, null, millis);
    }

    /** {@link #sleep}'s steps: arm the sleep's timer (by the park's unlock step) and park. */
    private static final LeafPark<Stack, InterruptedException> SLEEP = new LeafPark<>(SLEEP_ID, Stack.YIELD_PARK) {
        @Override
        protected Object start(Stack s, Object a, Object b, Object c, long millis) throws InterruptedException {
            Party g = Parking.goroutineOf(s);
            if (g == null || Syscalls.inSyscall()) {
                Thread.sleep(millis);
                return null;
            }
            if (millis < 0) {
                throw new IllegalArgumentException("timeout value is negative");
            }
            throwIfInterrupted();
            if (millis == 0) {
                return null;
            }
            if (!Sleep.prepare(s, saturatedNanos(millis))) {
                throwIfInterrupted(); // an interrupt requested meanwhile: now on the thread
                return null;
            }
            return PARK;
        }

        @Override
        protected Object resume(Stack s, Object a, Object b, Object c, long millis) throws InterruptedException {
            Sleep.afterPark(s);
            throwIfInterrupted(); // the timer readied us, or an interrupt did (pinned: the wait is already over)
            return null;
        }
    };

    /** {@code Thread.sleep}'s answer to an interrupt: the status is cleared and the sleep throws. */
    private static void throwIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("sleep interrupted");
        }
    }

    private static long saturatedNanos(long millis) {
        return millis >= Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : millis * 1_000_000L;
    }
}
