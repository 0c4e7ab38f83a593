package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.internal.settings.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every setting is checked when a runtime starts: a bad value is refused with a message naming
 * the setting, the value and what is valid, never replaced by a default nor left to fail later.
 * (Each setting's parser alone: {@code io.jgo.internal.settings.SettingsTest}.)
 */
class SettingsTest {

    private static Config config(Map<String, String> props, Map<String, String> env) {
        return Config.from(Settings.of(props::get, env::get));
    }

    private static void refused(String key, String value, String valid) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config(Map.of(key, value), Map.of()),
                key + "=" + value);
        assertTrue(e.getMessage().startsWith("jgo: -D" + key + "=" + value + ": expected "), e.getMessage());
        assertTrue(e.getMessage().contains(valid), e.getMessage());
    }

    @Test
    void badValuesAreRefusedNamingTheSettingTheValueAndTheValidRange() {
        for (String v : new String[] {"abc", "-3", "100000", ""}) {
            refused("jgo.maxprocs", v, "from 0 to 1024");
        }
        refused("jgo.deadlock", "of", "on or off");
        refused("jgo.threadLocals", "goroutin", "goroutine or carrier");
        refused("jgo.schedtrace", "abc", "from 0 to");
        refused("jgo.schedtrace", "-5", "from 0 to");
        refused("jgo.maxthreads", "abc", "from 2 to");
        refused("jgo.maxthreads", "1", "from 2 to");
        for (String v : new String[] {"abc", "-1", "0", "1k", "100g", "16q", ""}) {
            refused("jgo.stacksize", v, "from 256k to 1g");
        }
        refused("jgo.preempt", "sometimes", "loops or calls or off");
        refused("jgo.scheddetail", "yes please", "true or false");
        refused("jgo.jmx", "no", "on or off");
        refused("jgo.fullStacks", "yes", "true or false");
        refused("jgo.threadWaitWarning", "10s", "from 0 to");
    }

    @Test
    void goodValuesAreTaken() {
        Config c = config(Map.of("jgo.maxprocs", " 7 ", "jgo.stacksize", "32M", "jgo.deadlock", "OFF", "jgo.schedtrace", "250",
                "jgo.scheddetail", "", "jgo.maxthreads", "50", "jgo.preempt", "off", "jgo.threadLocals", "carrier"), Map.of());
        assertEquals(7, c.maxProcs);
        assertEquals(32L << 20, c.stackSize);
        assertFalse(c.deadlockDetection);
        assertEquals(250, c.schedTraceMillis);
        assertTrue(c.schedDetail);
        assertEquals(50, c.maxThreads);
        assertFalse(c.preempt);
        assertEquals(256L << 10, config(Map.of("jgo.stacksize", "256k"), Map.of()).stackSize);
        assertEquals(1L << 30, config(Map.of("jgo.stacksize", "1g"), Map.of()).stackSize);
    }

    @Test
    void gomaxprocsUnsetOrZeroMeansTheCpuCountAndThePropertyWins() {
        int cpus = Runtime.getRuntime().availableProcessors();
        assertEquals(cpus, config(Map.of(), Map.of()).maxProcs);
        assertEquals(cpus, config(Map.of(), Map.of("GOMAXPROCS", "0")).maxProcs);
        assertEquals(3, config(Map.of(), Map.of("GOMAXPROCS", "3")).maxProcs);
        assertEquals(5, config(Map.of("jgo.maxprocs", "5"), Map.of("GOMAXPROCS", "3")).maxProcs);
        assertEquals(cpus, config(Map.of("jgo.maxprocs", "0"), Map.of("GOMAXPROCS", "3")).maxProcs, "0 is the CPU count, as the docs say");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(Map.of(), Map.of("GOMAXPROCS", "-1")));
        assertTrue(e.getMessage().startsWith("jgo: GOMAXPROCS=-1: expected a whole number from 0 to 1024"), e.getMessage());
    }

    /** Go.run refuses to start, before main runs, and says which setting to fix. */
    @Test
    void goRunRefusesABadSettingBeforeMainRuns() {
        String before = System.getProperty("jgo.stacksize");
        System.setProperty("jgo.stacksize", "100g");
        boolean[] ran = new boolean[1];
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Go.run(() -> ran[0] = true));
            assertTrue(e.getMessage().contains("-Djgo.stacksize=100g"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("jgo.stacksize");
            } else {
                System.setProperty("jgo.stacksize", before);
            }
        }
        assertFalse(ran[0]);
    }

    @Test
    void aResizeBeyondTheLimitIsRefused() {
        Sched s = new Sched(new Config().maxProcs(1).sysmon(false).name("settings"));
        assertThrows(IllegalArgumentException.class, () -> s.maxProcs(Settings.MAX_PROCS + 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.maxProcs(-1));
        assertTrue(e.getMessage().contains("or 0 to read it"), e.getMessage());
        s.shutdown();
    }

    /** Go's runtime.GOMAXPROCS(0): the value, unchanged. */
    @Test
    void aResizeToZeroReadsTheValueWithoutChangingIt() {
        Sched s = new Sched(new Config().maxProcs(3).sysmon(false).name("settings"));
        assertEquals(3, s.maxProcs(0));
        assertEquals(3, s.maxProcs(0));
        assertEquals(3, s.maxProcs(2));
        assertEquals(2, s.maxProcs(0));
        s.shutdown();
    }
}
