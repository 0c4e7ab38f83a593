package io.jgo.internal.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every setting the runtime reads is a {@link Setting}: each one refuses a bad value with a message
 * naming it, the value and what is valid, takes a good one, and is listed in docs/configuration.md.
 */
class SettingsTest {

    /** A bad value of each setting: the test fails if a setting is added without one. */
    private static final Map<Setting, List<String>> BAD = new EnumMap<>(Map.ofEntries(
            Map.entry(Setting.MAXPROCS, List.of("abc", "-1", "1025", "")),
            Map.entry(Setting.GOMAXPROCS_ENV, List.of("abc", "-1", "1025")),
            Map.entry(Setting.STACK_SIZE, List.of("abc", "1k", "100g", "")),
            Map.entry(Setting.DEADLOCK, List.of("of", "")),
            Map.entry(Setting.SCHED_TRACE, List.of("abc", "-5")),
            Map.entry(Setting.SCHED_DETAIL, List.of("yes please")),
            Map.entry(Setting.TRACEBACK_ANCESTORS, List.of("yes")),
            Map.entry(Setting.MAX_THREADS, List.of("1", "many")),
            Map.entry(Setting.PREEMPT, List.of("sometimes")),
            Map.entry(Setting.THREAD_LOCALS, List.of("goroutin")),
            Map.entry(Setting.JMX, List.of("no")),
            Map.entry(Setting.FULL_STACKS, List.of("yes")),
            Map.entry(Setting.THREAD_WAIT_WARNING, List.of("10s")),
            Map.entry(Setting.STRESS, List.of("2", "half")),
            Map.entry(Setting.STRESS_SEED, List.of("x")),
            Map.entry(Setting.COUNTS, List.of("yes")),
            Map.entry(Setting.LAZY_WAKE, List.of("nope", "")),
            Map.entry(Setting.PIN_REPORT, List.of("nah")),
            Map.entry(Setting.DUMP_ON_SIGNAL, List.of("USR2;rm", "INT")),
            Map.entry(Setting.AGENT_INCLUDE, List.of("com.acme app")),
            Map.entry(Setting.AGENT_EXCLUDE, List.of("com/acme"))));

    private static Settings of(Setting which, String value) {
        Map<String, String> given = Map.of(which.key(), value);
        return which.display().startsWith("-D") ? Settings.of(given::get, k -> null) : Settings.of(k -> null, given::get);
    }

    @Test
    void everySettingRefusesABadValueNamingItTheValueAndWhatIsValid() {
        assertEquals(List.of(Setting.values()), List.copyOf(BAD.keySet()), "a bad value for every setting");
        BAD.forEach((which, values) -> {
            for (String v : values) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> of(which, v), which + "=" + v);
                assertTrue(e.getMessage().contains(which.display() + "=" + v + ": "), e.getMessage());
                assertTrue(e.getMessage().contains(which == Setting.DUMP_ON_SIGNAL ? "such as USR1" : "expected " + which.valid()),
                        e.getMessage());
            }
        });
    }

    /** The three: each was accepted silently (counts and pinReport read as false, lazyWake as true). */
    @Test
    void theSwitchesThatWereReadAsStringsRefuseNonsense() {
        assertEquals("jgo: -Djgo.counts=yes: expected true or false (given alone, it means true; default false)",
                assertThrows(IllegalArgumentException.class, () -> of(Setting.COUNTS, "yes")).getMessage());
        assertEquals("jgo: -Djgo.lazyWake=nope: expected true or false (default true)",
                assertThrows(IllegalArgumentException.class, () -> of(Setting.LAZY_WAKE, "nope")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> of(Setting.PIN_REPORT, "nah")).getMessage()
                .startsWith("jgo: -Djgo.pinReport=nah: expected true or false"));
    }

    @Test
    void goodValuesAreTaken() {
        assertEquals(0, of(Setting.MAXPROCS, "0").maxProcs, "0: the CPU count, as in Go");
        assertEquals(0, Settings.of(k -> null, k -> null).maxProcs);
        assertEquals(7, of(Setting.MAXPROCS, " 7 ").maxProcs);
        assertEquals(0, of(Setting.GOMAXPROCS_ENV, " ").maxProcs);
        assertEquals(32L << 20, of(Setting.STACK_SIZE, "32M").stackSize);
        assertTrue(of(Setting.COUNTS, "").counts);
        assertTrue(of(Setting.COUNTS, "TRUE").counts);
        assertFalse(of(Setting.LAZY_WAKE, "false").lazyWake);
        assertTrue(Settings.of(k -> null, k -> null).lazyWake);
        assertTrue(of(Setting.PIN_REPORT, "").pinReport);
        assertTrue(of(Setting.FULL_STACKS, "true").fullStacks);
        assertTrue(of(Setting.THREAD_LOCALS, "Carrier").carrierThreadLocals);
        assertFalse(of(Setting.JMX, "off").jmx);
        assertEquals("USR1", of(Setting.DUMP_ON_SIGNAL, "sigusr1").dumpOnSignal);
        assertNull(Settings.of(k -> null, k -> null).dumpOnSignal);
        assertEquals(0.25, of(Setting.STRESS, "0.25").stress);
        assertEquals(-3L, of(Setting.STRESS_SEED, "-3").stressSeed);
        assertEquals("com.acme:org.example", of(Setting.AGENT_INCLUDE, "com.acme:org.example").agentInclude);
        assertEquals("calls", of(Setting.PREEMPT, "CALLS").preempt);
    }

    @Test
    void theConfigurationPageListsEverySetting() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"));
        for (Setting s : Setting.values()) {
            String written = s == Setting.GOMAXPROCS_ENV ? "`GOMAXPROCS`" : "`" + s.display();
            assertTrue(page.contains(written), "docs/configuration.md does not list " + s.display());
        }
    }
}
