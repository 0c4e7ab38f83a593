package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.testing.Pins;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A read of a FIFO (a named pipe) or of a pipe from goroutine code, with no {@code Go.syscall}
 * written around it, goes through the rewrite's blocking-call wrap and hands its P on. The runtime
 * runs at one P with preemption off: sysmon still retakes a P from a syscall, but never from a
 * carrier blocked in a call nobody wrapped. The writer is a goroutine, so the program ends only if
 * the blocked reader gave its P up as a syscall (a hang, caught by the timeout, is the failure);
 * the trace shows the reader's syscall entry. FIFOs: Linux (mkfifo) only.
 */
// SEPARATE_THREAD: without the handoff the test thread (M0 of the runtime) blocks in a FIFO open or
// read that an interrupt does not end; the timeout must fail the test rather than wait on it.
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FifoReadHandoffTest {

    @Goroutine
    static int readOne(InputStream in, AtomicBoolean reading) throws IOException {
        reading.set(true);
        return in.read(); // static type InputStream: the runtime decides by the receiver's class (a FileInputStream blocks)
    }

    @Goroutine
    static int readOneFile(FileInputStream in, AtomicBoolean reading) throws IOException {
        reading.set(true);
        return in.read();
    }

    @Test
    void aFifoReadThroughInputStreamHandsItsPOnAsASyscall() throws Exception {
        handsOff(false);
    }

    @Test
    void aFifoReadThroughFileInputStreamHandsItsPOnAsASyscall() throws Exception {
        handsOff(true);
    }

    private void handsOff(boolean staticFileInputStream) throws Exception {
        Path fifo = makeFifo();
        // O_RDWR never blocks on a FIFO and gives the reader's open a writer, so the open does not block either.
        try (RandomAccessFile writeEnd = new RandomAccessFile(fifo.toFile(), "rw");
             FileInputStream readEnd = new FileInputStream(fifo.toFile())) {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong reader = new AtomicLong();
            AtomicInteger got = new AtomicInteger(-2);
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("fifo", 1, rec).runMain(() -> {
                AtomicBoolean reading = new AtomicBoolean();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    reader.set(Sched.currentG().id());
                    try {
                        got.set(staticFileInputStream ? readOneFile(readEnd, reading) : readOne(readEnd, reading));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
                while (!reading.get()) {
                    Go.gosched(); // one P: this runs again only once the reader blocks and its P is retaken
                }
                try {
                    writeEnd.write(42);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                wg.await();
            }));
            assertEquals(42, got.get());
            TraceRecorder.Rec enter = rec.first(Trace.Event.SYSCALL_ENTER, reader.get());
            assertNotNull(enter, "the FIFO read did not enter a syscall (not wrapped): " + rec.events);
            assertEquals(0, enter.n, "a stream read enters a lazy syscall (the P stays, sysmon retakes it)");
            assertTrue(rec.of(Trace.Event.RETAKE).stream().anyMatch(r -> r.n == 0), "sysmon retook the P from the syscall");
        } finally {
            Files.deleteIfExists(fifo);
            Files.deleteIfExists(fifo.getParent());
        }
    }

    @Goroutine
    static int openAndRead(Path fifo, AtomicBoolean opening) throws IOException {
        opening.set(true);
        try (FileInputStream in = new FileInputStream(fifo.toFile())) { // blocks until a writer opens the FIFO
            return in.read();
        }
    }

    @Goroutine
    static void openAndWrite(Path fifo) throws IOException {
        try (FileOutputStream out = new FileOutputStream(fifo.toFile())) {
            out.write(7);
        }
    }

    /**
     * Opening a FIFO blocks until its other end is opened: the constructor is wrapped like a read,
     * so at one P the goroutine opening the write end gets to run.
     */
    @Test
    void openingAFifoHandsThePOnUntilTheOtherEndOpens() throws Exception {
        Path fifo = makeFifo();
        try {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong reader = new AtomicLong();
            AtomicInteger got = new AtomicInteger(-2);
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("fifo-open", 1, rec).runMain(() -> {
                AtomicBoolean opening = new AtomicBoolean();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    reader.set(Sched.currentG().id());
                    try {
                        got.set(openAndRead(fifo, opening));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
                while (!opening.get()) {
                    Go.gosched(); // one P: runs again only once the reader's open blocks and its P is retaken
                }
                try {
                    openAndWrite(fifo);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                wg.await();
            }));
            assertEquals(7, got.get());
            assertNotNull(rec.first(Trace.Event.SYSCALL_ENTER, reader.get()), "the open did not enter a syscall: " + rec.events);
        } finally {
            Files.deleteIfExists(fifo);
            Files.deleteIfExists(fifo.getParent());
        }
    }

    @Goroutine
    static int readPipe(Pipe.SourceChannel in, AtomicBoolean reading) throws IOException {
        reading.set(true);
        return in.read(ByteBuffer.allocate(1)); // a channel read is known to block: the P is handed off at once
    }

    @Test
    void aPipeChannelReadHandsItsPOffAtOnce() throws Exception {
        Pipe pipe = Pipe.open();
        try (Pipe.SourceChannel source = pipe.source(); Pipe.SinkChannel sink = pipe.sink()) {
            TraceRecorder rec = new TraceRecorder();
            AtomicLong reader = new AtomicLong();
            AtomicInteger got = new AtomicInteger(-2);
            Pins.none(() -> TestRuntimes.tracedWithoutPreemption("pipe", 1, rec).runMain(() -> {
                AtomicBoolean reading = new AtomicBoolean();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    reader.set(Sched.currentG().id());
                    try {
                        got.set(readPipe(source, reading));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
                while (!reading.get()) {
                    Go.gosched();
                }
                try {
                    sink.write(ByteBuffer.wrap(new byte[] {42}));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                wg.await();
            }));
            assertEquals(1, got.get(), "one byte read");
            TraceRecorder.Rec enter = rec.first(Trace.Event.SYSCALL_ENTER, reader.get());
            assertNotNull(enter, "the pipe read did not enter a syscall (not wrapped): " + rec.events);
            assertEquals(1, enter.n, "a channel read enters a blocking syscall (the P is handed off at once)");
        }
    }

    static Path makeFifo() throws IOException, InterruptedException {
        Assumptions.assumeTrue(new File("/usr/bin/mkfifo").canExecute() || new File("/bin/mkfifo").canExecute(),
                "mkfifo (Linux) is needed");
        Path dir = Files.createTempDirectory("jgo-fifo");
        Path fifo = dir.resolve("f");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, p.waitFor(), "mkfifo failed");
        return fifo;
    }
}
