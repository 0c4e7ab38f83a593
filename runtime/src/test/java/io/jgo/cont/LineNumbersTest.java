package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.Traces;
import io.jgo.internal.coroutine.Coroutine;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** An exception thrown after a resume shows the real logical stack, with the original line numbers. */
class LineNumbersTest {

    @ParameterizedTest
    @EnumSource(Path.class)
    void exceptionAfterResumeShowsLogicalStackWithLines(Path path) throws Exception {
        Runnable program = (Runnable) Differential.load(path, Traces.class).getDeclaredConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        assertTrue(c.resume(), "first suspension in middle()");
        assertTrue(c.resume(), "second suspension in thrower()");
        IllegalStateException e = assertThrows(IllegalStateException.class, c::resume);
        List<StackTraceElement> frames = Arrays.stream(e.getStackTrace())
                .filter(f -> f.getClassName().endsWith("Traces"))
                .collect(Collectors.toList());
        assertEquals(List.of("thrower:" + Traces.THROW_LINE, "middle:" + Traces.CALL_LINE, "run:" + Traces.RUN_LINE),
                frames.stream().map(f -> f.getMethodName() + ":" + f.getLineNumber()).collect(Collectors.toList()),
                "stack: " + frames);
    }
}
