package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import example.goprograms.GoProgramsWithoutAnnotations;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Maven plugin's path, with its default settings (this module's POM gives it no
 * {@code <suspendables>}): Go programs written with no {@code @Goroutine} anywhere compute what
 * plain Java computes and no goroutine pins. {@code NoAnnotationIT} runs the same programs with the
 * agent and rewritten by the CLI.
 */
class GoProgramsWithoutAnnotationsTest {

    /** What {@link GoProgramsWithoutAnnotations#runAll} prints, computed by hand from the Go originals. */
    static final List<String> EXPECTED = List.of(
            "pipeline 338350", // 1² + ... + 100²
            "same trees true false",
            "store 80",
            "anonymous runnable 42",
            "select helper from a, from b",
            "method references 100",
            "int streams 55 385", // 0 + ... + 10, 1² + ... + 10²
            "read fully hello, world",
            "collections {2=[go, go], 4=[java, chan], 5=[defer], 6=[select]} {chan=4, defer=5, go=2, java=4, select=6}"
                    + " {go=4, java=4, chan=4, select=6, defer=5} {false=4, true=2} [chan=4]",
            "sorted collections [go, chan, java, defer, select] floor go {3=n0, 2=n2, 1=n1} go chan java defer select",
            "sorted behind interfaces {go=2, chan=1, java=1, defer=1, select=1} true go go chan java defer select",
            "constructors 200 20100"); // 200 workers, 1 + ... + 200

    @Test
    void goProgramsWithoutAnnotationsComputeThePlainResultsAndNeverPin() {
        long before = GoProgramsWithoutAnnotations.pins();
        assertEquals(EXPECTED, GoProgramsWithoutAnnotations.runAll());
        assertEquals(0, GoProgramsWithoutAnnotations.pins() - before, "no goroutine pinned");
    }
}
