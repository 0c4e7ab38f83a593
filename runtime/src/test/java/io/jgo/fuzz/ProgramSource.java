package io.jgo.fuzz;

/**
 * A generated program's text without its package line, and the name of its class. The same text is
 * compiled into several packages (one the agent leaves alone, one it rewrites), so the runs differ
 * in nothing but the rewrite.
 */
record ProgramSource(String className, String body) {

    String inPackage(String pkg) {
        return "package " + pkg + ";\n\n" + body;
    }

    /** The program as a reader sees it in a failure report or a regression file. */
    @Override
    public String toString() {
        return body;
    }
}
