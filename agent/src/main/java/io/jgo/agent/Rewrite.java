package io.jgo.agent;


/**
 * The two calls the agent makes into the instrumenter, as an interface so that the transformer's
 * plumbing can be tested with a stand-in. Implementations must be thread-safe.
 */
interface Rewrite {

    /** The cheap byte scan: false means the class certainly needs no rewrite. */
    boolean mightSuspend(byte[] classFile);

    /** Rewritten bytes, or null to keep the class as it is (the rewrite reports why, if it must). */
    byte[] transform(byte[] classFile);
}
