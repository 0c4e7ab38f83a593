package org.example.plaincallees;

/** Calls an application method that may reach a park: the agent's default rewrites it. */
public final class SomeSuspendingCalls {

    public int work() {
        return Util.viaCallBack();
    }
}
