package io.jgo.fuzz;

import java.util.List;
import java.util.Set;

/**
 * State shared by the parts of the generator while one program is written: the choices, the
 * enabled features, the methods, the method being written and its locals.
 */
final class GenContext {

    final Choices choices;
    final Set<Feature> features;
    final String className;
    List<MethodSig> methods = List.of();
    MethodSig current;
    Scope scope = new Scope();
    /** What the {@link Feature#WIDE_FRAMES} statements wrote so far. */
    final WideFrames.State wide = new WideFrames.State();
    /**
     * Finally blocks around the statement being written: javac copies a finally block into each
     * way out of its try, so a wide statement there would be rewritten once per copy.
     */
    int copiedBlocks;
    /** Statements left for the whole program: bounds its size whatever the choices say. */
    int statementBudget;
    private int names;

    GenContext(Choices choices, Set<Feature> features, String className, int statementBudget) {
        this.choices = choices;
        this.features = features;
        this.className = className;
        this.statementBudget = statementBudget;
    }

    boolean on(Feature f) {
        return features.contains(f);
    }

    /** A fresh local name, unique in the program (so no declaration ever shadows another). */
    String fresh(String prefix) {
        return prefix + names++;
    }

    boolean inStatic() {
        return current.isStatic();
    }
}
