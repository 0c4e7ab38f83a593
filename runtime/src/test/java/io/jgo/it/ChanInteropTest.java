package io.jgo.it;

import static io.jgo.Select.recv;
import static io.jgo.Select.select;
import static io.jgo.Select.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Channels between plain threads, goroutines of several runtimes, and past the end of a runtime. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ChanInteropTest {

    /** A plain thread produces, goroutines consume (and the reverse), over unbuffered and buffered channels. */
    @Test
    void plainThreadAndGoroutinesTalkBothWays() throws Exception {
        for (int cap : new int[] {0, 3}) {
            Chan<Integer> toGo = Chan.make(cap);
            Chan<Integer> fromGo = Chan.make(cap);
            Thread producer = new Thread(() -> {
                for (int i = 1; i <= 1_000; i++) {
                    toGo.send(i);
                }
                toGo.close();
            });
            AtomicLong sum = new AtomicLong();
            Thread consumer = new Thread(() -> {
                for (Integer v : fromGo) {
                    sum.addAndGet(v);
                }
            });
            producer.start();
            consumer.start();
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                for (int w = 0; w < 4; w++) {
                    wg.add(1);
                    Go.go(() -> {
                        for (Integer v : toGo) {
                            fromGo.send(v * 2);
                        }
                        wg.done();
                    });
                }
                wg.await();
                fromGo.close();
            });
            producer.join();
            consumer.join();
            assertEquals(1_000 * 1_001, sum.get());
        }
    }

    /** A plain thread blocks in a select until a goroutine of the default runtime sends. */
    @Test
    void plainThreadSelectsOverGoroutineChannels() {
        Chan<String> a = Chan.make(0);
        Chan<String> b = Chan.make(0);
        Go.go(() -> b.send("from b"));
        String[] got = new String[1];
        int i = select(recv(a, v -> got[0] = v), recv(b, v -> got[0] = v));
        assertEquals(1, i);
        assertEquals("from b", got[0]);
        Go.go(() -> got[0] = a.recv());
        select(send(a, "to a", null));
        while (got[0].equals("from b")) {
            Thread.onSpinWait(); // the receiver publishes through the array; it got the value already
        }
        assertEquals("to a", got[0]);
    }

    /**
     * Goroutines of two Go.run runtimes (each on its own thread) exchange values over one channel.
     * A runtime learns that a channel is shared when another party first uses it, and a first use
     * that comes after every goroutine of a runtime has parked and its deadlock check's grace
     * period has passed (the other runtime's thread slow to start, under load) is not seen in time:
     * the limitation {@code Go.run} documents, with its remedy, used here: this plain thread uses
     * both channels first, so neither runtime can take the other's silence for a deadlock.
     */
    @Test
    void goroutinesOfTwoRuntimesShareAChannel() throws Exception {
        Chan<Integer> c = Chan.make(0);
        Chan<Integer> back = Chan.make(0);
        c.tryRecv(); // nothing to receive: only marks both channels as used from outside either runtime
        back.tryRecv();
        AtomicInteger got = new AtomicInteger();
        Thread other = new Thread(() -> Go.run(() -> {
            for (Integer v : c) {
                back.send(v + 1);
            }
        }));
        other.start();
        Go.run(() -> {
            for (int i = 0; i < 1_000; i++) {
                c.send(i);
                got.addAndGet(back.recv() - i);
            }
            c.close();
        });
        other.join();
        assertEquals(1_000, got.get());
    }

    /**
     * A goroutine dropped with its runtime while waiting in recv must not swallow a later value: the
     * channel outlives the runtime and a plain thread's send goes to a live receiver.
     */
    @Test
    void channelOutlivesItsRuntime() throws Exception {
        Chan<Integer> c = Chan.make(0);
        Go.run(() -> {
            Go.go(c::recv); // dropped when main returns
            Parked.await("chan receive", 1);
        });
        Integer[] got = new Integer[1];
        Thread receiver = new Thread(() -> got[0] = c.recv());
        receiver.start();
        c.send(42);
        receiver.join();
        assertEquals(42, got[0]);
        c.close();
        assertNull(c.recv());
    }

    /** A goroutine of Go.run blocked on a channel nobody else has: a deadlock report naming "chan receive" / "chan send". */
    @Test
    void deadlockReportNamesTheChannelWaitReason() {
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            Go.go(() -> c.send(1));
            Go.go(() -> c.send(2));
            Chan.make(1).recv();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertTrue(e.getMessage().contains("[chan receive]"), e.getMessage()); // main, an ordinary goroutine
        assertTrue(e.getMessage().contains("[chan send]"), e.getMessage());
    }
}
