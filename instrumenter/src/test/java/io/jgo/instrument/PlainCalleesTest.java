package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.example.plaincallees.OnlyPlainCalls;
import org.example.plaincallees.SomeSuspendingCalls;
import org.junit.jupiter.api.Test;

/**
 * The agent's whole-application rule (before any closure) no longer takes a call into the
 * application as a suspension point when its target is known exactly and provably reaches no park
 * ({@link PlainCallees}): so a class that only calls such methods is left as written, the cost the
 * default must not add to classes that never meet a goroutine.
 */
class PlainCalleesTest {

    private static final String UTIL = "org/example/plaincallees/Util";
    private final ClassBytes bytes = ClassBytes.of(PlainCalleesTest.class.getClassLoader());
    private final Suspendables suspendables = new Suspendables(new ClassInfoCache(bytes, new ByteScan()), false,
            SuspendablePackages.parse("org.example.plaincallees"), Set.of());
    private final PlainCallees plain = new PlainCallees(bytes, suspendables, BlockingCalls.standard());

    @Test
    void exactTargetsThatReachNoParkAreProvenPlain() {
        assertTrue(plain.provenPlain(UTIL, "twice", "(I)I"));
        assertTrue(plain.provenPlain(UTIL, "sum", "([I)I"), "a loop over a plain callee and JDK calls");
        assertTrue(plain.provenPlain(UTIL, "countDown", "(I)I"), "recursion");
        assertTrue(plain.provenPlain(UTIL, "ping", "(I)I"), "a cycle of plain methods");
        assertTrue(plain.provenPlain(UTIL, "finalOne", "()I"), "a final method");
    }

    @Test
    void everythingElseStaysASuspensionPoint() {
        assertFalse(plain.provenPlain(UTIL, "callsBack", "(Ljava/lang/Runnable;)V"), "calls a function it is given");
        assertFalse(plain.provenPlain(UTIL, "viaCallBack", "()I"), "calls such a method");
        assertFalse(plain.provenPlain(UTIL, "cycleToCallBack", "(I)I"), "a cycle one of whose members may suspend");
        assertFalse(plain.provenPlain(UTIL, "cycleBack", "(I)I"), "remembered from the question before");
        assertFalse(plain.provenPlain(UTIL, "overridable", "()I"), "a later subclass may override it");
        assertFalse(plain.provenPlain(UTIL, "callsOverridable", "()I"));
        assertFalse(plain.provenPlain(UTIL, "sleepsThrough", "()V"), "a blocking JDK call below");
        assertFalse(plain.provenPlain(UTIL, "readsAnInt", "(Ljava/io/DataInputStream;)I"),
                "a stream read that the rewrite sends to the parking socket streams");
        assertFalse(plain.provenPlain("org/example/plaincallees/Absent", "m", "()V"), "a class not found");
        assertFalse(plain.provenPlain(UTIL, "absent", "()V"), "a method the class does not declare");
    }

    @Test
    void aCallThroughJdbcInterfacesIsASuspensionPointUnderTheWholeApplicationRule() {
        String query = "(Ljava/lang/String;)Ljava/sql/ResultSet;";
        assertTrue(suspendables.isSuspensionPoint("java/sql/Statement", "executeQuery", query),
                "a driver's rewritten implementation parks behind it");
        assertTrue(suspendables.isSuspensionPoint("java/sql/ResultSet", "next", "()Z"));
        assertTrue(suspendables.isSuspensionPoint("javax/sql/DataSource", "getConnection", "()Ljava/sql/Connection;"));
        assertFalse(suspendables.isSuspensionPoint("java/util/List", "size", "()I"), "other JDK interfaces are not");
        Suspendables annotatedOnly = new Suspendables(new ClassInfoCache(bytes, new ByteScan()), false,
                SuspendablePackages.NONE, Set.of());
        assertFalse(annotatedOnly.isSuspensionPoint("java/sql/Statement", "executeQuery", query),
                "annotated-only leaves the driver as written, so the call cannot park");
    }

    @Test
    void theAgentsDefaultLeavesAClassThatOnlyCallsPlainMethodsAsWritten() throws IOException {
        List<InstrumentationException> failures = new ArrayList<>();
        Diagnostics diagnostics = new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e);
            }
        };
        Instrumenter agentDefault = new Instrumenter(bytes, diagnostics, true,
                RewriteOptions.of(PreemptMode.LOOPS).withSuspendable(SuspendablePackages.ALL));
        assertTrue(agentDefault.transform(bytesOf(OnlyPlainCalls.class)) == null, "OnlyPlainCalls was rewritten");
        assertTrue(agentDefault.transform(bytesOf(SomeSuspendingCalls.class)) != null, "SomeSuspendingCalls was left as written");
        assertEquals(List.of(), failures);
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }
}
