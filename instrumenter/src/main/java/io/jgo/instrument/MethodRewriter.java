package io.jgo.instrument;

import static io.jgo.instrument.RuntimeNames.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Rewrites one suspendable method into a resumable one, in place. The shape of the result (see
 * {@code io.jgo.internal.Stack} for the runtime side):
 * <pre>
 * prologue:  s = Stack.current(); via = s.takeCallSite(); recv = s.callee;
 *            if (s.attention != 0) goto ATTENTION
 * BODY:      original code, where each suspension point i becomes
 *              [virtual, interface, special call: spill receiver + arguments to locals]
 *              SITE_i: s.callSite = id(i); [virtual or interface call: s.callee = receiver];
 *              [reload]; call; if (s.afterCall()) goto SAVE_i
 *            (a static call's arguments stay on the operand stack: s and the id go on top of them
 *            and PUTFIELD takes only those two) and each exception handler starts with s.onCatch()
 * --- out of line, after the original code ---
 * ATTENTION: switch (s.onAttention(ME)) { -1: PREEMPT; 0: BODY; i: RESTORE_i; n+1: RESTORE_PREEMPT; -1-i: AFTER_i }
 * SAVE_i:    drop the dummy result; load the live locals (the stack values are already there);
 *            if (!$jgo$save$k(values..., s, via, recv)) goto RESTORE_i (it pinned); return a dummy value
 *            (see {@link Helpers}: values past one helper's parameter slots go through a chain of them;
 *            a site holding a monitor: s.pinHere(where); [defaults]; goto SITE_i)
 * RESTORE_i: restore live locals and the operand stack; arguments := saved values (virtual and
 *            interface sites) or defaults (static and special sites); goto SITE_i
 * AFTER_i:   (re-entered alone by g0's resume entry, see {@link ResumeEntry}) restore live locals and
 *            the operand stack below the call; push s.handedX() [checkcast]; goto after SITE_i's test
 *            (handedX rethrows a handed exception: every handler covering the call covers it too)
 * </pre>
 * A method that can be re-entered alone ({@link #resumable()}: not synchronized, and local 0 never
 * reassigned) hands {@code pushFrame} its class's resumer and, for an instance method, saves
 * {@code this} in reference slot 0 of every record (the receiver g0 re-enters it on); the record
 * itself says where the resumer is (see {@code io.jgo.internal.cont.LazyLayout}). Other rewritten methods
 * hand no resumer, and g0 re-enters them from their caller.
 * In {@link PreemptMode#LOOPS} every loop head j (outside monitors) also polls:
 * <pre>
 * HEAD_j:    if (s.attention != 0) goto POLL_j;  CONT_j: loop code
 * POLL_j:    if (!s.onPoll()) goto CONT_j; if (!$jgo$save$k(live locals, s, via, recv)) goto CONT_j; return a dummy value
 * RESTORE_j: restore live locals; goto CONT_j
 * </pre>
 * Nothing is copied on the path that does not suspend: the spills are local-variable moves that the
 * JIT allocates away, and the save and restore blocks sit after the original code.
 *
 * <p>Why virtual and interface sites save their arguments: the call is made again on resume, and
 * what runs first may be a {@code LambdaMetafactory} forwarder that adapts the arguments (unboxes,
 * builds a varargs array) before it reaches the suspended callee; given defaults it would throw.
 * A static or special call reaches the rewritten callee itself, whose own record holds its
 * arguments, so those sites pass defaults and keep their records small. The dummy result an
 * unwinding frame returns is a boxed zero for wrapper result types, so a forwarder that unboxes it
 * does not throw (see {@code io.jgo.internal.cont.Adjacency} for the result types that must pin).
 *
 * <p>This class analyses the method, plans each {@link SuspensionSite} and {@link LoopPoll}, and
 * emits the prologue, the call sites and the dispatch; the out-of-line save and restore code is
 * {@link SaveRestoreCode}'s, and source lines are read by {@link Lines}.
 */
final class MethodRewriter {

    private final String owner;
    private final MethodNode method;
    private final Suspendables suspendables;
    private final TypeInterpreter interpreter;
    private final List<String> warnings;
    private final String sourceFile;
    private final Helpers helpers;
    private final int me;
    private int stackVar;
    private int viaVar;
    private int recvVar;
    private final boolean pollLoops;
    /** Can the class's resume entry re-enter this method alone? Decided by {@link #rewrite}. */
    private boolean resumable;
    private final boolean lazyResume;
    private final boolean idShared;
    /** The save and restore code; made by {@link #rewrite} once the prologue's locals are allocated. */
    private SaveRestoreCode code;

    /**
     * @param pollLoops  poll for preemption at loop heads ({@link PreemptMode#LOOPS})
     * @param lazyResume the class gets a resume entry: make the method re-enterable alone if it can be
     * @param idShared   another method of the class has the same method id: mark the call sites
     *                   {@link RuntimeNames#SHARED_ID_SITE}, so that no frame unwinds into this one
     */
    MethodRewriter(String owner, String sourceFile, MethodNode method, Suspendables suspendables,
                   TypeInterpreter interpreter, List<String> warnings, Helpers helpers, boolean pollLoops,
                   boolean lazyResume, boolean idShared) {
        this.owner = owner;
        this.idShared = idShared;
        this.lazyResume = lazyResume;
        this.pollLoops = pollLoops;
        this.helpers = helpers;
        this.sourceFile = sourceFile;
        this.method = method;
        this.suspendables = suspendables;
        this.interpreter = interpreter;
        this.warnings = warnings;
        this.me = methodId(owner, method.name, method.desc);
    }

    boolean isSuspensionPoint(MethodInsnNode call) {
        return suspendables.isSuspensionPoint(call.owner, call.name, call.desc);
    }

    /** Does the method contain a suspension point at all? */
    static boolean hasSuspensionPoint(MethodNode m, Suspendables s) {
        return firstSuspensionPoint(m, s) != null;
    }

    /** The source line of the first suspension point (0 when unknown). */
    static int firstSuspensionLine(MethodNode m, Suspendables s) {
        MethodInsnNode first = firstSuspensionPoint(m, s);
        return first == null ? 0 : Lines.lineOf(first);
    }

    /** The first call in {@code m} to a method known to suspend ({@link Suspendables#isKnownSuspendable}), or null. */
    static MethodInsnNode firstKnownSuspendingCall(MethodNode m, Suspendables s) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode c = (MethodInsnNode) insn;
                if (s.isKnownSuspendable(c.owner, c.name, c.desc)) {
                    return c;
                }
            }
        }
        return null;
    }

    private static MethodInsnNode firstSuspensionPoint(MethodNode m, Suspendables s) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode c = (MethodInsnNode) insn;
                if (s.isSuspensionPoint(c.owner, c.name, c.desc)) {
                    return c;
                }
            }
        }
        return null;
    }

    /** The method id; meaningful once constructed. */
    int id() {
        return me;
    }

    MethodNode method() {
        return method;
    }

    /** After {@link #rewrite}: does the class's resume entry need a case for this method? */
    boolean resumable() {
        return resumable;
    }

    /** Rewrites the method. Throws {@link InstrumentationException} when it cannot, leaving the caller to drop the class. */
    void rewrite() {
        try {
            NewMover.apply(owner, method, this::isSuspensionPoint);
            FlowGraph graph = new FlowGraph(interpreter);
            Frame<BasicValue>[] frames = TypeInterpreter.analyze(graph, owner, method);
            Liveness liveness = new Liveness(method.instructions, graph);
            MonitorDepth monitors = new MonitorDepth(method.instructions, graph);
            boolean synchronizedMethod = (method.access & Opcodes.ACC_SYNCHRONIZED) != 0;
            // Synchronized methods never unwind (a record would release the monitor), so never need re-entering.
            resumable = lazyResume && !synchronizedMethod && receiverIsThisEverywhere(frames);

            List<SuspensionSite> sites = new ArrayList<>();
            for (int i = 0; i < method.instructions.size(); i++) {
                AbstractInsnNode insn = method.instructions.get(i);
                if (!(insn instanceof MethodInsnNode) || frames[i] == null || !isSuspensionPoint((MethodInsnNode) insn)) {
                    continue;
                }
                MethodInsnNode call = (MethodInsnNode) insn;
                boolean monitor = synchronizedMethod || monitors.holdsMonitor(i);
                SuspensionSite site = new SuspensionSite(call, sites.size() + 1, monitor, where(insn));
                keepReceiver(site.plan);
                if (monitor) {
                    warnings.add("a suspension at " + site.where + " happens while holding a monitor (synchronized): "
                            + "the goroutine will pin its carrier there");
                }
                planSite(site, frames[i], liveness, i);
                sites.add(site);
            }
            SavePlan entryPlan = new SavePlan();
            keepReceiver(entryPlan);
            entryPlan.addLocals(frames[0], liveness.liveAt(0));
            List<LoopPoll> polls = pollLoops && !synchronizedMethod
                    ? findPolls(frames, liveness, monitors, sites.size() + 2) : List.of();

            stackVar = method.maxLocals;
            viaVar = method.maxLocals + 1;
            recvVar = method.maxLocals + 3;
            method.maxLocals += 4;
            for (SuspensionSite site : sites) {
                allocateTemps(site);
            }
            code = new SaveRestoreCode(owner, method, helpers, me, resumable, stackVar, viaVar, recvVar);
            emit(sites, polls, entryPlan, synchronizedMethod);
        } catch (AnalyzerException e) {
            int line = e.node == null ? 0 : Lines.lineOf(e.node);
            throw new InstrumentationException(owner, method.name, method.desc, line, "bytecode analysis failed: " + e.getMessage());
        } catch (TypeNotPresentException e) {
            throw new InstrumentationException(owner, method.name, method.desc, 0,
                    "class " + e.typeName() + " is not on the class path, so frames cannot be computed");
        }
    }

    /**
     * The loop heads where a poll can unwind: reachable, with an empty operand stack (javac's
     * loops always have one) and no monitor held (unwinding would leave it locked). Labels start at
     * {@code firstLabel}, after the call sites' and the prologue preemption's.
     */
    private List<LoopPoll> findPolls(Frame<BasicValue>[] frames, Liveness liveness, MonitorDepth monitors, int firstLabel) {
        List<LoopPoll> polls = new ArrayList<>();
        java.util.BitSet heads = BackEdges.heads(method.instructions);
        for (int i = heads.nextSetBit(0); i >= 0; i = heads.nextSetBit(i + 1)) {
            if (frames[i] == null || frames[i].getStackSize() != 0 || monitors.holdsMonitor(i)) {
                continue;
            }
            LoopPoll poll = new LoopPoll((LabelNode) method.instructions.get(i), firstLabel + polls.size());
            keepReceiver(poll.plan);
            poll.plan.addLocals(frames[i], liveness.liveAt(i));
            polls.add(poll);
        }
        return polls;
    }

    private boolean isStatic() {
        return (method.access & Opcodes.ACC_STATIC) != 0;
    }

    /** A frame re-entered alone is called on the receiver its record keeps in reference slot 0. */
    private void keepReceiver(SavePlan plan) {
        if (resumable && !isStatic()) {
            plan.keepReceiver(Type.getObjectType(owner));
        }
    }

    /**
     * Does local 0 hold {@code this} at every instruction (javac never stores to it)? Then a record
     * can keep it for the resume entry to call the method on. Static methods need no receiver.
     */
    private boolean receiverIsThisEverywhere(Frame<BasicValue>[] frames) {
        if (isStatic()) {
            return true;
        }
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof VarInsnNode && ((VarInsnNode) insn).var == 0 && insn.getOpcode() >= Opcodes.ISTORE
                    && insn.getOpcode() <= Opcodes.ASTORE || insn instanceof org.objectweb.asm.tree.IincInsnNode
                    && ((org.objectweb.asm.tree.IincInsnNode) insn).var == 0) {
                return false;
            }
        }
        return frames.length > 0 && frames[0] != null && frames[0].getLocal(0) != null
                && Type.getObjectType(owner).equals(frames[0].getLocal(0).getType());
    }

    private void planSite(SuspensionSite site, Frame<BasicValue> frame, Liveness liveness, int index) {
        int consumed = site.argTypes.length + (site.hasReceiver() ? 1 : 0);
        int below = frame.getStackSize() - consumed;
        site.plan.addLocals(frame, liveness.liveAfter(index));
        if (!site.plan.addStack(frame, below)) {
            throw new InstrumentationException(owner, method.name, method.desc, Lines.lineOf(site.call),
                    "an uninitialized object or a return address is on the operand stack across the call to "
                            + site.call.owner.replace('/', '.') + "." + site.call.name);
        }
        if (site.hasReceiver()) {
            site.receiverValue = frame.getStack(below);
        }
        int firstArg = below + (site.hasReceiver() ? 1 : 0);
        for (int a = 0; a < site.argTypes.length; a++) {
            site.argValues[a] = frame.getStack(firstArg + a);
        }
    }

    private void allocateTemps(SuspensionSite site) {
        if (!site.spills()) {
            return;
        }
        for (int a = 0; a < site.argTypes.length; a++) {
            site.argTemps[a] = method.maxLocals;
            method.maxLocals += site.argTypes[a].getSize();
            if (site.isVirtual()) {
                site.plan.addLocal(site.argTemps[a], site.argValues[a]);
            }
        }
        if (site.hasReceiver()) {
            site.receiverTemp = method.maxLocals++;
            site.plan.addLocal(site.receiverTemp, site.receiverValue);
        }
    }

    // ------------------------------------------------------------------ emission

    private void emit(List<SuspensionSite> sites, List<LoopPoll> polls, SavePlan entryPlan, boolean synchronizedMethod) {
        InsnList insns = method.instructions;
        // The out-of-line code appended below runs at the line in effect at the end of the original
        // code, but for the preemption blocks: they get the line of the method's start and of their
        // loop head, so a frame saved there by a preemption is named at that line in dumps and traces.
        int firstLine = Lines.firstLine(insns);
        int lastLine = Lines.lastLine(insns);
        LabelNode body = new LabelNode();
        LabelNode attention = new LabelNode();
        LabelNode preempt = new LabelNode();
        LabelNode restorePreempt = new LabelNode();

        InsnList prologue = new InsnList();
        prologue.add(new MethodInsnNode(Opcodes.INVOKESTATIC, STACK, CURRENT, CURRENT_DESC, false));
        prologue.add(new VarInsnNode(Opcodes.ASTORE, stackVar));
        prologue.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        prologue.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, TAKE_CALL_SITE, "()J", false));
        prologue.add(new VarInsnNode(Opcodes.LSTORE, viaVar));
        prologue.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        prologue.add(new FieldInsnNode(Opcodes.GETFIELD, STACK, CALLEE, "Ljava/lang/Object;"));
        prologue.add(new VarInsnNode(Opcodes.ASTORE, recvVar));
        prologue.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        prologue.add(new FieldInsnNode(Opcodes.GETFIELD, STACK, ATTENTION, "I"));
        prologue.add(new JumpInsnNode(Opcodes.IFNE, attention));
        prologue.add(body);
        coverPrologue(prologue);
        insns.insert(prologue);

        for (SuspensionSite site : sites) {
            emitCallSite(site);
        }
        for (LoopPoll poll : polls) {
            emitPoll(poll);
        }
        emitCatchEntries();

        InsnList tail = new InsnList();
        // ATTENTION: dispatch on the label of the record just popped, or on a preemption request.
        tail.add(attention);
        tail.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        tail.add(new LdcInsnNode(me));
        tail.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, ON_ATTENTION, ON_ATTENTION_DESC, false));
        // Values: LAZY_BASE - label (a call returned, its value handed: resumable methods only),
        // PREEMPT_NOW, 0 (run the body), a label (restore and call again, or carry on at a poll).
        int low = resumable ? LAZY_BASE - sites.size() : PREEMPT_NOW;
        int high = sites.size() + 1 + polls.size();
        LabelNode[] targets = new LabelNode[high - low + 1];
        targets[PREEMPT_NOW - low] = synchronizedMethod ? body : preempt; // unwinding would release the method's monitor
        targets[-low] = body;
        for (SuspensionSite site : sites) {
            // A site holding a monitor never saves a record, so it is never dispatched to.
            targets[site.label - low] = site.holdsMonitor ? body : site.restore;
            if (resumable) {
                targets[LAZY_BASE - site.label - low] = site.holdsMonitor ? body : site.resumeAfter;
            }
        }
        targets[sites.size() + 1 - low] = restorePreempt;
        for (LoopPoll poll : polls) {
            targets[poll.label - low] = poll.restore;
        }
        tail.add(new TableSwitchInsnNode(low, high, body, targets));

        int preemptLabel = sites.size() + 1;
        tail.add(preempt);
        if (firstLine > 0) {
            tail.add(new LineNumberNode(firstLine, preempt));
        }
        code.emitHelperCall(tail, preemptLabel, List.of(), entryPlan, START_PREEMPT);
        tail.add(new JumpInsnNode(Opcodes.IFEQ, body));
        code.emitDummyReturn(tail);
        tail.add(restorePreempt);
        code.emitRestoreLocals(tail, entryPlan);
        tail.add(new JumpInsnNode(Opcodes.GOTO, body));
        if (firstLine > 0 && lastLine > 0 && !sites.isEmpty()) {
            // Only with save code to follow: a line entry at the very end of the code is a class the
            // JVM refuses ("Invalid pc in LineNumberTable"), as when every call site is unreachable.
            LabelNode saves = new LabelNode();
            tail.add(saves);
            tail.add(new LineNumberNode(lastLine, saves)); // the call sites' save code, as before
        }

        for (SuspensionSite site : sites) {
            code.emitSave(tail, site);
            code.emitRestore(tail, site);
            if (resumable && !site.holdsMonitor) {
                emitResumeAfter(tail, site);
            }
        }
        for (LoopPoll poll : polls) {
            tail.add(poll.poll);
            if (poll.line > 0) {
                tail.add(new LineNumberNode(poll.line, poll.poll));
            }
            tail.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            tail.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, ON_POLL, "()Z", false));
            tail.add(new JumpInsnNode(Opcodes.IFEQ, poll.cont));
            code.emitHelperCall(tail, poll.label, List.of(), poll.plan, START_PREEMPT);
            tail.add(new JumpInsnNode(Opcodes.IFEQ, poll.cont));
            code.emitDummyReturn(tail);
            tail.add(poll.restore);
            code.emitRestoreLocals(tail, poll.plan);
            tail.add(new JumpInsnNode(Opcodes.GOTO, poll.cont));
        }
        insns.add(tail);
        if (resumable) {
            coverHandedValues(sites);
        }
    }

    /**
     * The locals in scope from the original first instruction (the parameters, {@code this}) are
     * put in scope from the new first one, the prologue's, as javac declares them from offset 0: a
     * debugger stopped at the method's entry (a method breakpoint, a step into the call) shows them.
     * In a frame the resume re-enters, they hold the resume entry's defaults there until restored.
     */
    private void coverPrologue(InsnList prologue) {
        if (method.localVariables == null) {
            return;
        }
        Set<LabelNode> atStart = new HashSet<>();
        for (AbstractInsnNode insn = method.instructions.getFirst(); insn != null && insn.getOpcode() < 0; insn = insn.getNext()) {
            if (insn instanceof LabelNode) {
                atStart.add((LabelNode) insn);
            }
        }
        LabelNode entry = new LabelNode();
        prologue.insert(entry);
        for (LocalVariableNode v : method.localVariables) {
            if (atStart.contains(v.start)) {
                v.start = entry;
            }
        }
    }

    /**
     * The frame re-entered alone by g0 after the call at {@code site} returned: restore what the
     * save kept, take the call's result from g0 ({@code handedX}, which rethrows what the call threw),
     * and go on right after the call as if it had just returned.
     */
    private void emitResumeAfter(InsnList out, SuspensionSite site) {
        out.add(site.resumeAfter);
        code.emitRestoreLocals(out, site.plan);
        for (SavePlan.Value v : site.plan.stack) {
            code.emitRestoreValue(out, v);
        }
        Type result = Type.getReturnType(site.call.desc);
        out.add(site.handedStart);
        int line = Lines.lineOf(site.call);
        if (line > 0) {
            out.add(new LineNumberNode(line, site.handedStart)); // a rethrown exception names the call's line
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, handedName(result), handedDesc(result), false));
        out.add(site.handedEnd);
        if ((result.getSort() == Type.OBJECT || result.getSort() == Type.ARRAY)
                && !result.getDescriptor().equals("Ljava/lang/Object;")) {
            out.add(new TypeInsnNode(Opcodes.CHECKCAST, result.getSort() == Type.ARRAY ? result.getDescriptor() : result.getInternalName()));
        }
        out.add(new JumpInsnNode(Opcodes.GOTO, site.afterCall));
    }

    /**
     * An exception handed to a frame re-entered alone is rethrown by {@code handedX}, out of line:
     * each handler that covers the original call covers that instruction too, in the same order
     * (the new ranges overlap nothing else, so only their order among themselves matters).
     */
    private void coverHandedValues(List<SuspensionSite> sites) {
        List<org.objectweb.asm.tree.TryCatchBlockNode> original = new ArrayList<>(method.tryCatchBlocks);
        InsnList insns = method.instructions;
        for (SuspensionSite site : sites) {
            if (site.holdsMonitor) {
                continue;
            }
            int call = insns.indexOf(site.call);
            for (org.objectweb.asm.tree.TryCatchBlockNode tcb : original) {
                if (insns.indexOf(tcb.start) <= call && call < insns.indexOf(tcb.end)) {
                    method.tryCatchBlocks.add(new org.objectweb.asm.tree.TryCatchBlockNode(
                            site.handedStart, site.handedEnd, tcb.handler, tcb.type));
                }
            }
        }
    }

    /** At the loop head: one volatile load and a branch not taken while nobody asks for attention. */
    private void emitPoll(LoopPoll poll) {
        InsnList check = new InsnList();
        check.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        check.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, POLL_ATTENTION, "()I", false));
        check.add(new JumpInsnNode(Opcodes.IFNE, poll.poll));
        check.add(poll.cont);
        method.instructions.insert(poll.head, check);
    }

    private void emitCallSite(SuspensionSite site) {
        InsnList before = new InsnList();
        if (site.spills()) {
            for (int a = site.argTypes.length - 1; a >= 0; a--) {
                before.add(new VarInsnNode(site.argTypes[a].getOpcode(Opcodes.ISTORE), site.argTemps[a]));
            }
            before.add(new VarInsnNode(Opcodes.ASTORE, site.receiverTemp));
        }
        before.add(site.setSite);
        before.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        before.add(new LdcInsnNode(((long) me << 32) | site.label | (site.isVirtual() ? VIRTUAL_SITE : 0)
                | (idShared ? SHARED_ID_SITE : 0)));
        before.add(new FieldInsnNode(Opcodes.PUTFIELD, STACK, CALL_SITE, "J"));
        if (site.isVirtual()) {
            before.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            before.add(new VarInsnNode(Opcodes.ALOAD, site.receiverTemp));
            before.add(new FieldInsnNode(Opcodes.PUTFIELD, STACK, CALLEE, "Ljava/lang/Object;"));
        }
        if (site.spills()) {
            before.add(new VarInsnNode(Opcodes.ALOAD, site.receiverTemp));
            for (int a = 0; a < site.argTypes.length; a++) {
                before.add(new VarInsnNode(site.argTypes[a].getOpcode(Opcodes.ILOAD), site.argTemps[a]));
            }
        }
        method.instructions.insertBefore(site.call, before);

        InsnList after = new InsnList();
        // The call is over: afterCall() voids its id, which must not reach a later callee (a callee
        // that was not rewritten never took it), and says whether the call is unwinding.
        after.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        after.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, AFTER_CALL, "()Z", false));
        after.add(new JumpInsnNode(Opcodes.IFNE, site.save));
        after.add(site.afterCall);
        method.instructions.insert(site.call, after);
    }

    /**
     * Every exception handler of the original code first tells the stack that a call threw: the
     * handshake it had set is void, and records waiting for a resume that the exception cut short
     * are dropped (see {@code Stack.onCatch}).
     */
    private void emitCatchEntries() {
        java.util.Set<LabelNode> handlers = new java.util.LinkedHashSet<>();
        for (org.objectweb.asm.tree.TryCatchBlockNode tcb : method.tryCatchBlocks) {
            handlers.add(tcb.handler);
        }
        for (LabelNode handler : handlers) {
            InsnList entry = new InsnList();
            entry.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            entry.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, ON_CATCH, "()V", false));
            method.instructions.insert(handler, entry);
        }
    }

    // ------------------------------------------------------------------ reporting

    private String where(AbstractInsnNode insn) {
        return owner.replace('/', '.') + "." + method.name + "(" + (sourceFile == null ? "Unknown Source" : sourceFile)
                + ":" + Lines.lineOf(insn) + ")";
    }


}
