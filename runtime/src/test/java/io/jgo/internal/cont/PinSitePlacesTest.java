package io.jgo.internal.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A place that pins under several keys (two runtimes, two callees at one call, two lock classes at
 * one line) warns once and is one line of the exit summary, with every pin counted.
 */
class PinSitePlacesTest {

    @Test
    void keysNamingOnePlaceWarnOnceAndAreSummedInOneLine() {
        String place = "io.jgo.test.Place.run (Place.java:" + System.nanoTime() + ")"; // unique: the sites are process-wide
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream before = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            PinSites.pinned(new Object(), () -> place, () -> "pinned at " + place);
            PinSites.pinned(new Object(), () -> place, () -> "pinned at " + place);
            PinSites.pinned("another key for " + place, () -> place, () -> "pinned at " + place);
        } finally {
            System.setErr(before);
        }
        assertEquals(1, err.toString(StandardCharsets.UTF_8).split("pinned at ", -1).length - 1, err.toString(StandardCharsets.UTF_8));
        long lines = PinSites.summary().lines().filter(l -> l.endsWith(place)).count();
        assertEquals(1, lines, PinSites.summary());
        assertEquals(1, PinSites.summary().lines().filter(l -> l.equals("jgo: pinned 3 times at " + place)).count(), PinSites.summary());
    }
}
