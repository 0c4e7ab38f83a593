package io.jgo.internal.cont;

import java.util.ArrayList;
import java.util.List;

/**
 * A goroutine's saved frames as names, for dumps and for the logical stack trace of an exception
 * that leaves a frame g0 re-entered alone ({@link LogicalTrace}). Reads records; never changes them.
 */
final class SavedFrames {

    private SavedFrames() {
    }

    /** See {@link Continuation#savedFrames}: outermost first. */
    static List<String> outermostFirst(Continuation c) {
        List<String> frames = new ArrayList<>();
        try {
            List<String> topDown = describe(topRecords(c, c.depth), 0);
            // Lazy layout: the top group is saved outermost on top; the records below it lie in call order, innermost on top.
            int group = c.topGroup > 0 ? c.topGroup : topDown.size();
            for (int i = topDown.size() - 1; i >= group; i--) {
                frames.add(topDown.get(i));
            }
            frames.addAll(topDown.subList(0, group));
        } catch (RuntimeException raced) { // the goroutine ran meanwhile: show what was read
            frames.add("...");
        }
        return frames;
    }

    /** See {@link Continuation#framesBelowFloor}: innermost first. */
    static List<String> belowFloor(Continuation c) {
        List<String> frames = new ArrayList<>();
        try {
            int skip = c.depth - c.floor;
            frames.addAll(describe(topRecords(c, c.depth), Math.max(0, skip)));
        } catch (RuntimeException raced) {
            frames.add("...");
        }
        return frames;
    }

    /**
     * g0, handing an exception to the frames it re-enters alone: those frames, innermost first, as
     * stack-trace elements (every record is below the floor then, in call order).
     */
    static StackTraceElement[] trace(Records s) {
        long[] records = topRecords(s, s.depth);
        StackTraceElement[] trace = new StackTraceElement[records.length];
        for (int i = 0; i < records.length; i++) {
            trace[i] = FrameNames.element((int) (records[i] >>> 32), (int) records[i]);
        }
        return trace;
    }

    /** The names of {@code records} (see {@link #topRecords}) from index {@code from} on. */
    private static List<String> describe(long[] records, int from) {
        List<String> names = new ArrayList<>();
        for (int i = from; i < records.length; i++) {
            names.add(FrameNames.describe((int) (records[i] >>> 32), (int) records[i]));
        }
        return names;
    }

    /** The top {@code n} records of {@code s}, top first, each as {@code me << 32 | label}. */
    private static long[] topRecords(Records s, int n) {
        long[] records = new long[n];
        Records.Segment seg = s.segment;
        int top = s.primTop;
        for (int i = 0; i < n; i++) {
            while (top == 0 && seg.prev != null) {
                seg = seg.prev;
                top = seg.usedPrims;
            }
            long tail = seg.prims[top - 1];
            records[i] = (long) Records.methodOf(seg.prims, top) << 32 | Records.labelOf(tail);
            top -= Records.primsOf(tail) + Records.tailLength(tail);
        }
        return records;
    }
}
