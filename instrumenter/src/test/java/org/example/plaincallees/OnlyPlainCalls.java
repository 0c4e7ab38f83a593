package org.example.plaincallees;

/** Calls only application methods that can reach no park: the agent's default leaves it as written. */
public final class OnlyPlainCalls {

    public int work(int[] xs) {
        return Util.sum(xs) + Util.countDown(3) + Util.ping(4) + new Util().finalOne();
    }
}
