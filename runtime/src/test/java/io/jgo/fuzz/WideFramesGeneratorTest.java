package io.jgo.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The generator writes the wide shapes {@link Feature#WIDE_FRAMES} stands for, at the sizes that
 * matter: deep operand stacks under suspension points (past the 25 suspending operands that broke
 * the stack's segments), calls and {@code new}s near 255 parameter slots, many live locals. Only
 * text is generated here (nothing compiled or run), so it is quick.
 */
class WideFramesGeneratorTest {

    private static final Pattern YIELD = Pattern.compile("t\\.y[ijfdzbcsa]\\(");

    @Test
    void generatesWideFramesAtEverySize() {
        Random random = new Random(7);
        int deepConcat = 0;
        int deepNested = 0;
        int wideCalls = 0;
        int wideNews = 0;
        int manyLocals = 0;
        int programs = 400;
        for (int p = 0; p < programs; p++) {
            List<Integer> choices = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                choices.add(random.nextInt(10_000));
            }
            String text = ProgramGenerator.generate(choices, EnumSet.of(Feature.WIDE_FRAMES, Feature.LAMBDAS, Feature.TRY),
                    "P" + p).body();
            for (String line : text.split("\n")) {
                int yields = count(YIELD.matcher(line));
                if (line.contains("t.v(\"wide") && line.contains("(\"\" + ") && yields >= 25) {
                    if (line.contains("+ (\"\" + (")) {
                        deepNested++;
                    } else {
                        deepConcat++;
                    }
                }
                if (line.contains("static String wideSink") && parameterSlots(line) >= 200) {
                    wideCalls++;
                }
                if (line.contains("static final class WideNew") && parameterSlots(line) >= 200) {
                    wideNews++;
                }
            }
            manyLocals += text.contains(" w") && countLocals(text) >= 100 ? 1 : 0;
        }
        String seen = "concatenations " + deepConcat + ", nested " + deepNested + ", calls " + wideCalls + ", news "
                + wideNews + ", programs with 100+ wide locals " + manyLocals;
        assertTrue(deepConcat >= 5 && deepNested >= 5 && wideCalls >= 5 && wideNews >= 5 && manyLocals >= 5, seen);
    }

    private static int count(Matcher m) {
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** Parameter slots of the first parameter list on a declaration line (long and double take two). */
    private static int parameterSlots(String line) {
        String params = line.substring(line.indexOf('(') + 1, line.indexOf(')'));
        int slots = 0;
        for (String p : params.split(",")) {
            String type = p.trim().split(" ")[0];
            slots += type.equals("long") || type.equals("double") ? 2 : 1;
        }
        return slots;
    }

    /** The most locals one wide block declares. */
    private static int countLocals(String text) {
        int most = 0;
        int run = 0;
        for (String line : text.split("\n")) {
            if (line.trim().matches("[A-Za-z<>\\[\\]]+ w\\d+ = .*;")) {
                run++;
                most = Math.max(most, run);
            } else {
                run = 0;
            }
        }
        return most;
    }
}
