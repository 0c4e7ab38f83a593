package io.jgo.bench.macro;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The far ends of what the blocking-mix readers block on: {@code fifos} FIFOs made with
 * {@code mkfifo} in a fresh temporary folder (Linux), each held open for writing, and {@code pipes}
 * NIO pipes. A reader opens its FIFO by path (the open does not block: a writer is there) and
 * blocks in its first read until {@link #release} writes one byte to every FIFO and pipe. Used from
 * the harness's own platform thread only; nothing here runs on a goroutine.
 */
final class BlockedEnds implements AutoCloseable {

    private final Path dir;
    private final List<Path> fifoPaths = new ArrayList<>();
    private final List<RandomAccessFile> fifoWriters = new ArrayList<>();
    private final List<Pipe> pipes = new ArrayList<>();

    private BlockedEnds(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes the FIFOs and pipes.
     *
     * @throws IOException when {@code mkfifo} is missing or fails (the workload needs Linux)
     */
    static BlockedEnds open(int fifos, int pipes) throws IOException, InterruptedException {
        BlockedEnds ends = new BlockedEnds(Files.createTempDirectory("jgo-blocking-mix"));
        try {
            for (int i = 0; i < fifos; i++) {
                Path p = ends.dir.resolve("fifo-" + i);
                Process mk = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
                String out = new String(mk.getInputStream().readAllBytes());
                if (mk.waitFor() != 0) {
                    throw new IOException("mkfifo " + p + " failed: " + out.trim() + " (blocking-mix needs Linux and mkfifo)");
                }
                ends.fifoPaths.add(p);
                // O_RDWR: never blocks on a FIFO, and lets the reader's O_RDONLY open return at once.
                ends.fifoWriters.add(new RandomAccessFile(p.toFile(), "rw"));
            }
            for (int i = 0; i < pipes; i++) {
                ends.pipes.add(Pipe.open());
            }
        } catch (IOException | RuntimeException e) {
            ends.close();
            throw e;
        }
        return ends;
    }

    Path fifo(int i) {
        return fifoPaths.get(i);
    }

    Pipe.SourceChannel pipe(int i) {
        return pipes.get(i).source();
    }

    /** Writes one byte to every FIFO and pipe: every reader's read returns (a late reader finds its byte waiting). */
    void release() throws IOException {
        for (RandomAccessFile w : fifoWriters) {
            w.write(1);
        }
        for (Pipe p : pipes) {
            p.sink().write(ByteBuffer.wrap(new byte[] {1}));
        }
    }

    @Override
    public void close() throws IOException {
        for (RandomAccessFile w : fifoWriters) {
            w.close();
        }
        for (Pipe p : pipes) {
            p.sink().close();
            p.source().close();
        }
        for (Path p : fifoPaths) {
            Files.deleteIfExists(p);
        }
        Files.deleteIfExists(dir);
    }
}
