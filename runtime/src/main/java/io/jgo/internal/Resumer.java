package io.jgo.internal;

/**
 * The resume entry of one rewritten class: re-enters, alone, the frame whose record is on top of
 * {@code s} (its method id is {@code me}), and hands what the frame returns to {@code s}
 * ({@code Stack.handX}) unless the frame suspended again. Implemented by the class's synthetic
 * {@code $jgo$resume(Stack, int)} (see {@link Resumers}); g0 calls it ({@link Entry#run}).
 */
@FunctionalInterface
public interface Resumer {

    void resume(Stack s, int me);
}
