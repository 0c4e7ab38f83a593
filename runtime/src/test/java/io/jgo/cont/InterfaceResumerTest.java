package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.InterfaceYieldLoop;
import io.jgo.cont.shapes.Walker;
import io.jgo.internal.coroutine.Coroutine;
import java.lang.reflect.Member;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A rewritten interface's frames are re-entered alone through its resumer, which the runtime keeps
 * for it ({@code Resumers.of}, in the interface's ClassValue map): the rewrite adds no field to an
 * interface, so nothing of it shows to a framework that lists an interface's fields or constants,
 * or its public methods.
 */
class InterfaceResumerTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void anInterfacesFramesResumeAloneAndItsReflectionShowsNothingOfTheRewrite(Path path) throws ReflectiveOperationException {
        Class<?> program = Differential.load(path, InterfaceYieldLoop.class);
        Runnable rewritten = (Runnable) program.getConstructor().newInstance();
        Coroutine c = new Coroutine(rewritten);
        int rounds = 0;
        while (c.resume()) {
            rounds++;
        }
        assertEquals(Walker.YIELDS, rounds);
        assertTrue(c.reenteredAlone() > Walker.YIELDS,
                "the interface's frames were re-entered alone (through its resumer): " + c.reenteredAlone());
        Runnable plain = (Runnable) program.getConstructor().newInstance();
        plain.run();
        assertEquals(plain.getClass().getField("result").get(plain), program.getField("result").get(rewritten));

        Class<?> walker = Class.forName(Walker.class.getName(), false, program.getClassLoader());
        assertTrue(Arrays.stream(walker.getDeclaredMethods()).anyMatch(m -> m.getName().equals("$jgo$resume")),
                "the interface was rewritten on this path");
        assertEquals(List.of("YIELDS"), names(walker.getFields()), "public fields of the interface: its own constant only");
        assertEquals(List.of("YIELDS"), names(walker.getDeclaredFields()), "declared fields of the interface: its own constant only");
        assertEquals(List.of(), names(Stream.of(walker.getMethods()).filter(m -> m.getName().contains("$jgo$")).toArray(Member[]::new)),
                "public methods the rewrite added to the interface");
    }

    private static List<String> names(Member[] members) {
        return Arrays.stream(members).map(Member::getName).collect(Collectors.toList());
    }
}
