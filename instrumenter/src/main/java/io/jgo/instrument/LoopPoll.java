package io.jgo.instrument;

import org.objectweb.asm.tree.LabelNode;

/** A loop head that polls for preemption, and what its frame saves there. */
final class LoopPoll {
    final LabelNode head;
    final int label;
    /** The source line of the loop head (0: unknown): its out-of-line block gets it, so a frame preempted there shows it. */
    final int line;
    final SavePlan plan = new SavePlan();
    final LabelNode cont = new LabelNode();
    final LabelNode poll = new LabelNode();
    final LabelNode restore = new LabelNode();

    LoopPoll(LabelNode head, int label) {
        this.head = head;
        this.label = label;
        this.line = Lines.lineAt(head);
    }
}
