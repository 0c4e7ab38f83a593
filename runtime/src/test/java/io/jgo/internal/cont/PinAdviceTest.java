package io.jgo.internal.cont;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The fix a pin's warning gives for a JDK frame that must pin: a sorted collection calling its
 * comparator says to compute the key first or sort a list; a concurrent map's compute says it holds
 * a lock and what to write instead; any other JDK frame gets the general advice.
 */
class PinAdviceTest {

    @Test
    void aSortedCollectionsComparatorSaysWhatToWriteInstead() {
        for (String frame : new String[] {"java.util.TreeMap.compare", "java.util.TreeMap.put", "java.util.TreeSet.add",
                "java.util.PriorityQueue.siftUpUsingComparator"}) {
            String fix = PinAdvice.jdkFix(frame);
            assertTrue(fix.contains("compute each sort key before the collection sees it") && fix.contains("List.sort"), fix);
        }
    }

    @Test
    void aConcurrentMapsComputeSaysItHoldsALock() {
        String fix = PinAdvice.jdkFix("java.util.concurrent.ConcurrentHashMap.computeIfAbsent");
        assertTrue(fix.contains("hold its lock around the function") && fix.contains("putIfAbsent"), fix);
    }

    @Test
    void anyOtherJdkFrameGetsTheGeneralAdvice() {
        String fix = PinAdvice.jdkFix("java.util.ArrayDeque.forEach");
        assertTrue(fix.contains("a plain loop in @Goroutine code"), fix);
    }
}
