package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The skip search finds the runtime's package name wherever it lies, and nothing else. */
class ByteScanTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void findsTheRuntimePackageAtAnyPosition() {
        ByteScan scan = new ByteScan();
        for (String s : new String[] {"io/jgo/", "io/jgo/X", "xio/jgo/", "abcdefghijLio/jgo/Goroutine;", "io/jgio/jgo/"}) {
            assertTrue(scan.mightSuspend(bytes(s)), s);
        }
    }

    @Test
    void ignoresNearMisses() {
        ByteScan scan = new ByteScan();
        for (String s : new String[] {"", "io/jg", "io/jgo", "io.jgo/", "oi/jgo/", "io/jgx/aaaaaaaaa", "jo/jgo/", "io/jgo"}) {
            assertFalse(scan.mightSuspend(bytes(s)), s);
        }
    }
}
