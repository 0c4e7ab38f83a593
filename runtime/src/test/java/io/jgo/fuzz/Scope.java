package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Local variables visible at the generator's current point. Blocks push and pop levels; a lambda
 * body pushes a barrier, beyond which only capturable variables stay visible (Java captures only
 * effectively final locals).
 */
final class Scope {

    /**
     * @param mutable    the generator may assign it (a loop counter may not be: the loop must end)
     * @param capturable never assigned, so a lambda may read it
     */
    record Var(String name, Ty type, boolean mutable, boolean capturable) {

        static Var local(String name, Ty type) {
            return new Var(name, type, true, false);
        }

        static Var fixed(String name, Ty type) {
            return new Var(name, type, false, true);
        }

        static Var counter(String name) {
            return new Var(name, Ty.INT, false, false);
        }
    }

    private final List<Var> vars = new ArrayList<>();
    private final List<Integer> levels = new ArrayList<>();
    private int barrier;

    void push() {
        levels.add(vars.size());
    }

    void pop() {
        int size = levels.remove(levels.size() - 1);
        while (vars.size() > size) {
            vars.remove(vars.size() - 1);
        }
    }

    /** Enters a lambda body; returns what {@link #leaveLambda} needs. */
    int enterLambda() {
        int previous = barrier;
        push();
        barrier = vars.size();
        return previous;
    }

    void leaveLambda(int previous) {
        pop();
        barrier = previous;
    }

    void add(Var v) {
        vars.add(v);
    }

    /** Readable variables of a type (beyond a lambda's barrier only the capturable ones). */
    List<Var> readable(Ty type) {
        List<Var> out = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            Var v = vars.get(i);
            if (v.type() == type && (i >= barrier || v.capturable())) {
                out.add(v);
            }
        }
        return out;
    }

    /** Assignable variables (never across a lambda's barrier), of one type or of any when type is null. */
    List<Var> assignable(Ty type) {
        List<Var> out = new ArrayList<>();
        for (int i = barrier; i < vars.size(); i++) {
            Var v = vars.get(i);
            if (v.mutable() && (type == null || v.type() == type)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Every variable in scope now, in declaration order. */
    List<Var> all() {
        return List.copyOf(vars);
    }
}
