package io.jgo.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.internal.sched.park.ParkUnlock;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One lock strategy for a guard held across an unwind: every class whose guard a goroutine holds
 * while it unwinds, released by g0 once it is parked (it implements {@code sched.park.ParkUnlock}),
 * keeps that guard as the runtime's lock, {@code sched.park.RuntimeLock} (no owner thread,
 * spin-then-sleep), never as a {@code java.util.concurrent.locks.Lock} of the JDK's (a
 * {@code ReentrantLock} is owned by a thread, and parks its waiters with a futex call). Read from the
 * runtime's class files: a new park unlock with a JDK lock fails here.
 */
class OneGuardLockTest {

    @Test
    void everyGuardHeldAcrossAnUnwindIsTheRuntimeLock() throws Exception {
        Path classes = Path.of(Go.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isDirectory(classes), classes + " is not a directory of class files");
        List<String> unlocks = new ArrayList<>();
        List<String> jdkLocks = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes.resolve("io/jgo/internal"))) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String name = classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, Go.class.getClassLoader());
                if (c.isInterface() || !ParkUnlock.class.isAssignableFrom(c)) {
                    continue;
                }
                unlocks.add(c.getName());
                for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                    for (Field field : k.getDeclaredFields()) {
                        // A JDK lock (not the lock a LockWait waits for, a ParkingReentrantLock of jgo's)
                        if (Lock.class.isAssignableFrom(field.getType()) && field.getType().getName().startsWith("java.")) {
                            jdkLocks.add(k.getName() + "." + field.getName() + " (" + field.getType().getName() + ")");
                        }
                    }
                }
            }
        }
        assertTrue(unlocks.size() >= 5, "found only these park unlocks: " + unlocks);
        assertEquals(List.of(), jdkLocks, "a guard a goroutine holds across its unwind is a sched.park.RuntimeLock"
                + " (see io.jgo.internal.blocking's package-info), not a JDK lock");
    }
}
