package io.jgo.fuzz;

/** The smallest failing program of a property run (jqwik shrinks towards it), for {@link Minimizer}. */
final class SmallestFailure {

    /** Line cutting stops after this long; each check compiles and runs the program (a few hundred ms). */
    private static final long BUDGET_MILLIS = 120_000;

    private ProgramSource program;
    private long seed;

    synchronized void offer(ProgramSource candidate, long candidateSeed) {
        if (program == null || candidate.body().length() <= program.body().length()) {
            program = candidate;
            seed = candidateSeed;
        }
    }

    synchronized void minimizeAndReport() {
        if (program == null) {
            return;
        }
        long s = seed;
        Minimizer minimizer = new Minimizer(p -> !FuzzHarness.check(p, s).passed(), BUDGET_MILLIS);
        ProgramSource small = minimizer.minimize(program);
        FuzzHarness.Verdict verdict = FuzzHarness.check(small, s);
        String report = FuzzReport.failure(small, s, verdict);
        System.err.println("jgo fuzz: failing program cut down by lines (" + minimizer.checks() + " checks):\n" + report);
    }
}
