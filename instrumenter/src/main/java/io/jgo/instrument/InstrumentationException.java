package io.jgo.instrument;

/** A class the rewrite cannot handle: it is left byte-for-byte as it was, and this says why and where. */
public final class InstrumentationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String className;
    private final String methodName;
    private final String descriptor;
    private final int line;

    public InstrumentationException(String className, String methodName, String descriptor, int line, String reason) {
        super("cannot instrument " + className.replace('/', '.')
                + (methodName == null ? "" : "." + methodName + descriptor)
                + (line > 0 ? " (line " + line + ")" : "")
                + ": " + reason + "; the class is left as it was (suspending in it will pin the goroutine)");
        this.className = className;
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.line = line;
    }

    public String className() {
        return className;
    }

    public String methodName() {
        return methodName;
    }

    public String descriptor() {
        return descriptor;
    }

    public int line() {
        return line;
    }
}
