package io.jgo.instrument;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * An {@link Analyzer} that also records the control-flow graph (normal and exception edges) of the
 * method it analyses, for the liveness and monitor analyses.
 */
final class FlowGraph extends Analyzer<BasicValue> {

    private List<BitSet> successors;

    FlowGraph(Interpreter<BasicValue> interpreter) {
        super(interpreter);
    }

    @Override
    protected void init(String owner, org.objectweb.asm.tree.MethodNode method) {
        int n = method.instructions.size();
        successors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            successors.add(new BitSet());
        }
    }

    @Override
    protected void newControlFlowEdge(int insnIndex, int successorIndex) {
        successors.get(insnIndex).set(successorIndex);
    }

    @Override
    protected boolean newControlFlowExceptionEdge(int insnIndex, int successorIndex) {
        successors.get(insnIndex).set(successorIndex);
        return true;
    }

    /** Successor instruction indexes of instruction {@code i}. */
    BitSet successorsOf(int i) {
        return successors.get(i);
    }
}
