package io.jgo.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Cuts a failing program down by whole lines, after jqwik's shrinking of the choices: removes
 * compound statements (a line ending in a brace through its matching close, an if/else or a
 * try/catch/finally as a whole) and single statements, from the first generated method on, keeping
 * every cut after which the program still compiles and still fails. Repeats until a pass removes
 * nothing or the time budget is spent. Generated text keeps each statement's braces balanced on
 * its own lines, which is all this relies on.
 */
final class Minimizer {

    private final Predicate<ProgramSource> stillFails;
    private final long deadline;
    private int checks;

    Minimizer(Predicate<ProgramSource> stillFails, long budgetMillis) {
        this.stillFails = stillFails;
        this.deadline = System.currentTimeMillis() + budgetMillis;
    }

    ProgramSource minimize(ProgramSource program) {
        List<String> lines = new ArrayList<>(Arrays.asList(program.body().split("\n", -1)));
        boolean progress = true;
        while (progress && !late()) {
            progress = pass(program.className(), lines, true) | pass(program.className(), lines, false);
        }
        return new ProgramSource(program.className(), String.join("\n", lines));
    }

    int checks() {
        return checks;
    }

    private boolean pass(String className, List<String> lines, boolean blocks) {
        boolean removed = false;
        int first = firstCandidate(lines);
        for (int i = first; i < lines.size() && !late(); i++) {
            String line = lines.get(i).trim();
            int end;
            if (blocks && line.endsWith("{") && !line.startsWith("}")) {
                end = matchingClose(lines, i);
            } else if (!blocks && line.endsWith(";") && !line.startsWith("}") && !line.startsWith("return ")
                    && !line.startsWith("yield ") && !line.startsWith("t.yv();")) {
                end = i;
            } else {
                continue;
            }
            if (end < 0) {
                continue;
            }
            List<String> candidate = new ArrayList<>(lines.subList(0, i));
            candidate.addAll(lines.subList(end + 1, lines.size()));
            checks++;
            if (fails(new ProgramSource(className, String.join("\n", candidate)))) {
                lines.subList(i, end + 1).clear();
                removed = true;
                i--;
            }
        }
        return removed;
    }

    private boolean fails(ProgramSource candidate) {
        try {
            return stillFails.test(candidate);
        } catch (InMemoryCompiler.CompileError e) {
            return false;
        }
    }

    /** Lines before the first generated method (imports, class header, run()) are never cut. */
    private static int firstCandidate(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(" m0()")) {
                return i + 1;
            }
        }
        return lines.size();
    }

    /** The line whose closing brace brings the depth back to where line {@code open} started, or -1. */
    private static int matchingClose(List<String> lines, int open) {
        int depth = 0;
        for (int i = open; i < lines.size(); i++) {
            depth += count(lines.get(i), '{') - count(lines.get(i), '}');
            if (depth == 0) {
                return i; // "} else {" and "} catch (...) {" keep the depth: the statement ends at its last brace
            }
            if (depth < 0) {
                return -1;
            }
        }
        return -1;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    private boolean late() {
        return System.currentTimeMillis() > deadline;
    }
}
