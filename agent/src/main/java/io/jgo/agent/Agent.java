package io.jgo.agent;

import java.lang.instrument.Instrumentation;

/** Placeholder premain; the real agent is being written. */
public final class Agent {
    private Agent() {
    }

    public static void premain(String options, Instrumentation inst) {
    }
}
