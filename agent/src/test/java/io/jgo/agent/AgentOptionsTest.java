package io.jgo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentOptionsTest {

    @TempDir
    Path dir;

    // ------------------------------------------------------------------ good options

    @Test
    void noOptionsMeanRewriteEverythingEligibleQuietly() {
        for (String none : new String[] {null, "", "  "}) {
            AgentOptions options = AgentOptions.parse(none);
            assertEquals(List.of(), options.include());
            assertEquals(List.of(), options.exclude());
            assertFalse(options.verbose());
            assertFalse(options.verify());
            assertNull(options.dump());
        }
    }

    @Test
    void packagesBecomeInternalNamePrefixes() {
        AgentOptions options = AgentOptions.parse("include=com.example.app:org.acme,exclude=com.example.app.gen");
        assertEquals(List.of("com/example/app/", "org/acme/"), options.include());
        assertEquals(List.of("com/example/app/gen/"), options.exclude());
    }

    @Test
    void flagsAndDumpAreParsedAndTheDumpFolderIsCreated() {
        Path dump = dir.resolve("a/b/dump");
        AgentOptions options = AgentOptions.parse("verbose,verify,dump=" + dump);
        assertTrue(options.verbose());
        assertTrue(options.verify());
        assertEquals(dump, options.dump());
        assertTrue(Files.isDirectory(dump));
    }

    @Test
    void spacesAroundItemsAreIgnored() {
        AgentOptions options = AgentOptions.parse(" verbose , include = a.b : c ");
        assertTrue(options.verbose());
        assertEquals(List.of("a/b/", "c/"), options.include());
    }

    @Test
    void describesItselfWithDottedPackages() {
        assertEquals("include=a.b:c exclude=a.b.gen verbose=false verify=true dump=(off) blocking=(JDK only) suspendable=*",
                AgentOptions.parse("include=a.b:c,exclude=a.b.gen,verify").toString());
    }

    @Test
    void blockingMethodsAreListed() {
        assertTrue(AgentOptions.parse("blocking=com.acme.Client.call:org.acme.Db.query").toString()
                .contains("blocking=com.acme.Client.call:org.acme.Db.query "));
    }

    @Test
    void suspendablePackagesAreKeptOrStarForEveryClass() {
        AgentOptions options = AgentOptions.parse("suspendable=com.acme:org.example.lib");
        assertTrue(options.suspendable().contains("com/acme/Retry"));
        assertTrue(options.suspendable().contains("org/example/lib/deep/Task"));
        assertTrue(!options.suspendable().contains("org/example/other/Task"));
        assertTrue(options.toString().endsWith("suspendable=com.acme:org.example.lib"), options.toString());
        AgentOptions all = AgentOptions.parse("suspendable=*");
        assertTrue(all.suspendable().contains("org/junit/Assert"));
        assertTrue(!all.suspendable().contains("java/util/ArrayList"), "never the JDK");
        assertTrue(!all.suspendable().contains("io/jgo/Chan"), "never jgo itself");
        assertTrue(!all.suspendable().contains("org/jctools/queues/atomic/MpscUnboundedAtomicArrayQueue"),
                "never the runtime's own dependency (the scheduler's queues)");
    }

    @Test
    void withoutOptionsEveryApplicationClassIsSuspendableAndAnnotatedOnlyNarrowsItBack() {
        AgentOptions none = AgentOptions.parse(null);
        assertTrue(none.suspendable().all(), "no @Goroutine needed by default");
        assertTrue(none.suspendable().contains("com/acme/Helper"));
        assertTrue(!none.suspendable().contains("java/util/TreeMap"), "never the JDK");
        assertTrue(!none.suspendable().contains("io/jgo/Chan"), "never jgo itself");
        AgentOptions narrow = AgentOptions.parse("suspendable=annotated-only");
        assertTrue(narrow.suspendable().isEmpty());
        assertTrue(narrow.toString().endsWith("suspendable=annotated-only"), narrow.toString());
    }

    // ------------------------------------------------------------------ bad options

    @Test
    void aBadSuspendablePackageIsRejectedSayingWhy() {
        rejected("suspendable=", "suspendable needs at least one package");
        rejected("suspendable=com/acme", "suspendable package 1 of 1 'com/acme' uses '/'; write packages with dots, e.g. com.acme");
        rejected("suspendable=com.acme:", "suspendable package 2 of 2 is empty");
        rejected("suspendable=com.acme.*", "ends with a wildcard or a dot");
        rejected("suspendable=java.util", "'java.util' is part of the JDK, which is never rewritten this way");
        rejected("suspendable=*:com.acme", "'*' already means every class but the JDK's; give it alone");
        rejected("suspendable=annotated-only:com.acme", "'annotated-only' already means @Goroutine methods only; give it alone");
        rejected("suspendable=com.1acme", "'com.1acme' is not a Java package name");
        rejected("suspendable=a,suspendable=b", "suspendable is given twice");
    }

    @Test
    void aStressThatIsNotAProbabilityIsRejected() {
        rejected("stress", "stress needs a probability from 0 to 1");
        rejected("stress=often", "stress 'often' is not a probability from 0 to 1");
        rejected("stress=1.5", "stress '1.5' is not a probability from 0 to 1");
        assertEquals("0.25", AgentOptions.parse("stress=0.25").stress());
    }

    @Test
    void aBlockingEntryThatIsNotAQualifiedMethodIsRejected() {
        AgentOptionException e = assertThrows(AgentOptionException.class, () -> AgentOptions.parse("blocking=call"));
        assertTrue(e.getMessage().contains("'call' is not a fully qualified method"), e.getMessage());
        e = assertThrows(AgentOptionException.class, () -> AgentOptions.parse("blocking=com.acme.Client.call:"));
        assertTrue(e.getMessage().contains("method 2 of 2 is empty"), e.getMessage());
    }

    @Test
    void aBadPreemptPropertyStopsTheAgentWithTheValidValues() {
        String before = System.getProperty("jgo.preempt");
        System.setProperty("jgo.preempt", "sometimes");
        try {
            AgentOptionException e = assertThrows(AgentOptionException.class, () -> AgentOptions.parse(""));
            assertTrue(e.getMessage().contains("-Djgo.preempt=sometimes: expected loops (the default), calls or off"),
                    e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("jgo.preempt");
            } else {
                System.setProperty("jgo.preempt", before);
            }
        }
    }

    @Test
    void anUnknownOptionIsRejectedWithTheListOfValidOnes() {
        AgentOptionException e = rejected("verbose,bogus", "unknown option 'bogus'");
        assertTrue(e.getMessage().contains("item 2 of 2 in 'verbose,bogus'"), e.getMessage());
        for (String valid : List.of("include=PKG", "exclude=PKG", "verbose", "dump=DIR", "verify")) {
            assertTrue(e.getMessage().contains(valid), () -> "lists " + valid + ": " + e.getMessage());
        }
    }

    @Test
    void aMisspelledOptionGetsASuggestion() {
        rejected("verbos", "did you mean verbose?");
        rejected("includes=a", "did you mean include?");
    }

    @Test
    void includeWithoutAValueIsRejected() {
        rejected("include", "include needs at least one package, e.g. include=com.example.app:org.acme");
        rejected("include=", "include needs at least one package");
    }

    @Test
    void excludeWithoutAValueIsRejected() {
        rejected("exclude=", "exclude needs at least one package");
    }

    @Test
    void anEmptyPackageIsRejected() {
        rejected("include=a.b::c", "include package 2 of 3 is empty");
        rejected("exclude=a.b:", "exclude package 2 of 2 is empty");
    }

    @Test
    void aPackageWithSlashesIsRejectedWithTheDottedForm() {
        rejected("include=com/example", "uses '/'; write packages with dots, e.g. com.example");
    }

    @Test
    void aWildcardPackageIsRejectedWithThePlainForm() {
        rejected("include=com.example.*", "write just the package (com.example): its sub-packages are included");
    }

    @Test
    void aPackageThatIsNoJavaNameIsRejected() {
        rejected("include=com..example", "'com..example' is not a Java package name");
        rejected("include=1com", "'1com' is not a Java package name");
        rejected("include=.com", "'.com' is not a Java package name");
    }

    @Test
    void aFlagWithAValueIsRejected() {
        rejected("verbose=true", "verbose takes no value; write just verbose");
        rejected("verify=false", "verify takes no value");
    }

    @Test
    void dumpWithoutAFolderIsRejected() {
        rejected("dump", "dump needs a folder");
        rejected("dump=", "dump needs a folder");
    }

    @Test
    void aDumpFolderThatCannotBeCreatedIsRejected() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        rejected("dump=" + file.resolve("sub"), "cannot be created");
    }

    @Test
    void anEmptyItemIsRejected() {
        rejected("verbose,,verify", "an empty option");
        rejected("verbose,", "an empty option");
    }

    @Test
    void anOptionGivenTwiceIsRejected() {
        rejected("include=a,include=b", "include is given twice; give it once, packages separated by ':'");
        rejected("verbose,verbose", "verbose is given twice");
    }

    private static AgentOptionException rejected(String options, String expected) {
        AgentOptionException e = assertThrows(AgentOptionException.class, () -> AgentOptions.parse(options));
        assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("jgo agent: bad option"), e.getMessage());
        assertTrue(e.getMessage().contains("Valid jgo agent options"), e.getMessage());
        return e;
    }
}
