package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * GOMAXPROCS's default. Resizing at run time, with goroutines that park, is in the rewritten
 * {@code io.jgo.it.sched.ResizeTest}.
 */
class MaxProcsTest {

    @Test
    void defaultIsTheSystemSetting() {
        assertEquals(Config.defaultMaxProcs(), new Sched(Config.fromSystem()).maxProcs());
    }
}
