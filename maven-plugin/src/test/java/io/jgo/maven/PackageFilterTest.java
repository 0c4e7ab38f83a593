package io.jgo.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's include/exclude rules, on class-file paths. */
class PackageFilterTest {

    @Test
    void noIncludesMeansEveryPackage() {
        PackageFilter filter = PackageFilter.of(null, null);
        assertTrue(filter.accepts("com/acme/App.class"));
        assertTrue(filter.accepts("App.class"));
    }

    @Test
    void anIncludedPackageBringsItsSubPackagesButNotAPackageThatMerelyStartsAlike() {
        PackageFilter filter = PackageFilter.of(List.of("com.acme"), List.of());
        assertTrue(filter.accepts("com/acme/App.class"));
        assertTrue(filter.accepts("com/acme/deep/Inner$1.class"));
        assertFalse(filter.accepts("com/acmex/App.class"));
        assertFalse(filter.accepts("org/other/App.class"));
    }

    @Test
    void excludesWinOverIncludes() {
        PackageFilter filter = PackageFilter.of(List.of("com.acme"), List.of("com.acme.gen"));
        assertTrue(filter.accepts("com/acme/App.class"));
        assertFalse(filter.accepts("com/acme/gen/Parser.class"));
    }

    @Test
    void aBadPackageNameIsRefusedNamingTheParameterAndWhatToWrite() {
        IllegalArgumentException slash = assertThrows(IllegalArgumentException.class,
                () -> PackageFilter.of(List.of("com/acme"), List.of()));
        assertEquals("jgo-maven-plugin: <includes> entry 'com/acme' uses '/'; write packages with dots, e.g. com.acme",
                slash.getMessage());
        IllegalArgumentException wildcard = assertThrows(IllegalArgumentException.class,
                () -> PackageFilter.of(List.of(), List.of("com.acme.*")));
        assertTrue(wildcard.getMessage().startsWith("jgo-maven-plugin: <excludes> entry 'com.acme.*' ends with a wildcard"),
                wildcard.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PackageFilter.of(List.of("com.1acme"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> PackageFilter.of(List.of(""), List.of()));
    }
}
