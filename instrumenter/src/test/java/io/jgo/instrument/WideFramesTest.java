package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Frames with more live values than one save helper can take as parameters (255 slots, a long or
 * double taking two) are saved through a chain of helpers, and the class still loads: every
 * descriptor the rewrite writes stays within the JVM's limit. The JVM's own format check is the
 * judge: each rewritten class is defined in a fresh loader ({@code ClassFormatError} otherwise).
 */
class WideFramesTest {

    private final List<InstrumentationException> failures = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private final Diagnostics diagnostics = new Diagnostics() {
        @Override
        public void warning(String message) {
            warnings.add(message);
        }

        @Override
        public void failed(InstrumentationException e) {
            failures.add(e);
        }
    };

    private byte[] rewriteAndDefine(WideFrames shape, String name) {
        byte[] in = shape.bytes();
        Instrumenter instrumenter = new Instrumenter(n -> n.equals(name) ? in : ClassBytes.of(null).find(n), diagnostics, true);
        byte[] out = instrumenter.transform(in);
        assertTrue(failures.isEmpty(), failures.toString());
        assertNotNull(out, "the class was rewritten");
        for (MethodNode m : node(out).methods) {
            int slots = ClassLimits.parameterSlots(m.desc, (m.access & Opcodes.ACC_STATIC) != 0);
            assertTrue(slots <= 255, m.name + m.desc + " takes " + slots + " parameter slots");
        }
        define(name, out);
        return out;
    }

    /** Defines the class in a throwaway loader: the JVM's format checks run here (linking would need the runtime). */
    private static void define(String name, byte[] bytes) {
        new ClassLoader(null) {
            Class<?> define() {
                return defineClass(name.replace('/', '.'), bytes, 0, bytes.length);
            }
        }.define();
    }

    private static ClassNode node(byte[] bytes) {
        ClassNode n = new ClassNode();
        new ClassReader(bytes).accept(n, ClassReader.SKIP_FRAMES);
        return n;
    }

    /** The save helpers' descriptors called from {@code compute}, in call order. */
    private static List<String> helperCalls(byte[] out) {
        List<String> calls = new ArrayList<>();
        for (MethodNode m : node(out).methods) {
            if (m.name.equals("compute")) {
                for (var insn : m.instructions) {
                    if (insn instanceof org.objectweb.asm.tree.MethodInsnNode call && call.name.startsWith("$jgo$save$")) {
                        calls.add(call.desc);
                    }
                }
            }
        }
        return calls;
    }

    @Test
    void hundredTwentySixLiveLongsAcrossOneSuspensionLoad() {
        byte[] out = rewriteAndDefine(WideFrames.named("w/Longs").locals(WideFrames.repeat("J", 126)), "w/Longs");
        // The prologue's preemption save (nothing live) and the call site's, split in two.
        assertEquals(3, helperCalls(out).size(), helperCalls(out).toString());
    }

    @Test
    void aSaveThatFitsOneHelperIsOneCallAsBefore() {
        // 251 slots of values, plus the Stack, the long via and the Object recv: exactly 255.
        byte[] out = rewriteAndDefine(WideFrames.named("w/Fits").locals(WideFrames.repeat("I", 251)), "w/Fits");
        assertEquals(2, helperCalls(out).size(), "the prologue's save and the call site's, one each");
    }

    @Test
    void oneSlotMoreThanFitsSplitsTheSave() {
        byte[] out = rewriteAndDefine(WideFrames.named("w/OneMore").locals(WideFrames.repeat("I", 252)), "w/OneMore");
        assertEquals(3, helperCalls(out).size(), helperCalls(out).toString());
    }

    @Test
    void threeHundredLiveIntsLoad() {
        rewriteAndDefine(WideFrames.named("w/Ints").locals(WideFrames.repeat("I", 300)), "w/Ints");
    }

    @Test
    void mixedLongsDoublesReferencesNearTheLimitLoad() {
        rewriteAndDefine(WideFrames.named("w/Mixed").locals("JDAIF".repeat(40) + "JD"), "w/Mixed");
        rewriteAndDefine(WideFrames.named("w/Mixed2").locals("AJ".repeat(84)), "w/Mixed2"); // 252 slots: one over
    }

    @Test
    void anInstanceMethodKeepsItsReceiverToo() {
        rewriteAndDefine(WideFrames.named("w/Instance").instance().locals(WideFrames.repeat("J", 126)), "w/Instance");
    }

    @Test
    void manyParametersPlusLocalsLoad() {
        // 252 parameter slots: the method's own descriptor is legal, but its prologue's save of them is not.
        rewriteAndDefine(WideFrames.named("w/Params").params(WideFrames.repeat("J", 126)).locals(WideFrames.repeat("J", 40)),
                "w/Params");
        rewriteAndDefine(WideFrames.named("w/InstanceParams").instance().params(WideFrames.repeat("J", 127))
                .locals("D".repeat(30)), "w/InstanceParams");
    }

    @Test
    void valuesOnTheOperandStackAreSplitFromTheTop() {
        byte[] out = rewriteAndDefine(WideFrames.named("w/Stack").stackLongs(200).locals(WideFrames.repeat("J", 100)), "w/Stack");
        List<String> calls = helperCalls(out);
        assertEquals(3, calls.size() - 1, calls.toString()); // 400 + 200 slots: three parts, after the prologue's
    }

    @Test
    void aMethodWhoseRewriteWouldPass64KiBIsReportedAndLeftAsItWas() {
        String name = "w/Huge";
        WideFrames shape = WideFrames.named(name).locals(WideFrames.repeat("J", 20)).filler(65_000);
        byte[] in = shape.bytes();
        define(name, in); // the original is a legal class
        Instrumenter instrumenter = new Instrumenter(n -> n.equals(name) ? in : ClassBytes.of(null).find(n), diagnostics, true);
        assertNull(instrumenter.transform(in), "the class is used as it was");
        assertEquals(1, failures.size(), failures.toString());
        InstrumentationException e = failures.get(0);
        assertEquals(name, e.className());
        assertEquals("compute", e.methodName());
        assertEquals(shape.descriptor(), e.descriptor());
        assertTrue(e.getMessage().contains("over the JVM's limit of 65535 per method") && e.getMessage().contains("split the method"),
                e.getMessage());
    }
}
